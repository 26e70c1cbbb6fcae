import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrate } from './migrate.ts';
import { refreshNameSkeletons } from './nameSkeletons.ts';
import { openDatabase } from './openDatabase.ts';
import { reusedStatements } from './reusedStatements.ts';
import { type SqlStore, sqlStore } from './SqlStore.ts';
import type { Tables } from './schema.ts';

export interface StoreOptions {
  /** The data folder: where the SQLite file lives when no `databaseUrl` is given. */
  dataDir: string;
  /** `postgres://…` (DATABASE_URL): PostgreSQL instead of the data folder's SQLite file. */
  databaseUrl?: string | undefined;
}

/** Opens the engine the options name, migrated to this build's schema. */
export async function openStore(opts: StoreOptions): Promise<SqlStore> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: reusedStatements(openDatabase(opts.dataDir)) }),
  });
  return ready(db, 'sqlite');
}

async function openPostgres(url: string): Promise<SqlStore> {
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new Error('DATABASE_URL must start with postgres:// (or be unset for SQLite in the data folder)');
  const pool = new pg.Pool({ connectionString: url, max: 10, types: { getTypeParser } });
  // An idle client's error (the server restarting) must not end the process: the pool replaces it.
  pool.on('error', () => {});
  return ready(new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) }), 'postgres');
}

/** BIGINT (times, counters, COUNT) as a number: epoch milliseconds and counts stay far below 2^53. */
function getTypeParser(oid: number, format?: 'text' | 'binary') {
  if (oid === pg.types.builtins.INT8) return (value: string) => Number(value);
  return pg.types.getTypeParser(oid, format as 'text');
}

async function ready(db: Kysely<Tables>, engine: 'sqlite' | 'postgres'): Promise<SqlStore> {
  try {
    await migrate(db as unknown as Kysely<unknown>, engine);
    await refreshNameSkeletons(db as unknown as Kysely<unknown>);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return sqlStore(db, engine);
}
