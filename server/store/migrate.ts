import { type Kysely, sql } from 'kysely';
import { type Migration, migrations } from './migrations.ts';
import type { Engine } from './schema.ts';

/** Any fixed number: the PostgreSQL advisory lock every server takes while it migrates. */
const MIGRATION_LOCK = 7_301_119;
/** SQLite databases of the SQLite-only releases counted their steps here; version 1 is their 5. */
const LEGACY_USER_VERSION = 5;

/**
 * Brings the schema up to date in one transaction under a lock: PostgreSQL's advisory lock, SQLite's
 * `BEGIN IMMEDIATE` (its write lock). A second process starting at the same time waits, then finds
 * the work done. A database newer than this build is refused rather than misread.
 */
export async function migrate(
  db: Kysely<unknown>,
  engine: Engine,
  list: Migration[] = migrations,
): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql.raw(engine === 'sqlite' ? 'BEGIN IMMEDIATE' : 'BEGIN').execute(conn);
    try {
      if (engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(conn);
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`.execute(conn);
      const found = await sql<{ v: number | null }>`SELECT MAX(version) AS v FROM schema_migrations`.execute(
        conn,
      );
      const current = Number(found.rows[0]?.v ?? 0);
      if (current > list.length)
        throw new Error(`The database's schema (v${current}) is newer than this build (v${list.length})`);
      for (let v = current; v < list.length; v++) {
        const step = list[v] as Migration;
        await step.up(conn, engine);
        await sql`INSERT INTO schema_migrations (version, name, applied_at)
          VALUES (${v + 1}, ${step.name}, ${Date.now()})`.execute(conn);
      }
      // Builds from before this table read only user_version: one past theirs makes them refuse the file.
      if (engine === 'sqlite')
        await sql.raw(`PRAGMA user_version = ${LEGACY_USER_VERSION + list.length - 1}`).execute(conn);
      await sql.raw('COMMIT').execute(conn);
    } catch (err) {
      await sql.raw('ROLLBACK').execute(conn);
      throw err;
    }
  });
}
