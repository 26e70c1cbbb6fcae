import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openStore } from '../server/store/openStore.ts';
import type { SqlStore } from '../server/store/SqlStore.ts';

export interface TestStore {
  store: SqlStore;
  /** A fresh temp folder (the SQLite file's, or the server's other files' with PostgreSQL). */
  dataDir: string;
  /** The DATABASE_URL of this store's own schema, when the engine is PostgreSQL. */
  databaseUrl: string | undefined;
  close: () => Promise<void>;
}

/** The engine the test run asked for: ROOM_TEST_ENGINE=postgres (vitest's postgres project) or SQLite. */
export const testEngine = process.env.ROOM_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * A real store for one test on the run's engine: SQLite in a temp folder, or PostgreSQL in a schema of
 * its own in TEST_DATABASE_URL (test files run in parallel), dropped on close.
 */
export async function openTestStore(): Promise<TestStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-test-'));
  const databaseUrl = testEngine === 'postgres' ? await createTestSchema() : undefined;
  const store = await openStore({ dataDir, databaseUrl });
  return {
    store,
    dataDir,
    databaseUrl,
    close: async () => {
      await store.close();
      if (databaseUrl) await dropTestSchema(databaseUrl);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new empty schema in TEST_DATABASE_URL; the URL returned selects it (search_path). */
export async function createTestSchema(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('ROOM_TEST_ENGINE=postgres needs TEST_DATABASE_URL (postgres://…)');
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  await withClient(base, (c) => c.query(`CREATE SCHEMA ${schema}`));
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

export async function dropTestSchema(databaseUrl: string): Promise<void> {
  const schema = /search_path=(t_[0-9a-f]+)/.exec(
    new URL(databaseUrl).searchParams.get('options') ?? '',
  )?.[1];
  if (schema) await withClient(databaseUrl, (c) => c.query(`DROP SCHEMA ${schema} CASCADE`));
}

async function withClient<T>(url: string, use: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
