import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { migrations } from './migrations.ts';
import { openStore } from './openStore.ts';
import { openTestStore, type TestStore } from './testStore.ts';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const undo of cleanup.splice(0)) await undo();
});

async function opened(): Promise<TestStore> {
  const t = await openTestStore();
  cleanup.push(() => t.close());
  return t;
}

it('records each migration once and refuses a database newer than the build', async () => {
  const { store, dataDir, databaseUrl } = await opened();
  const versions = await sql<{
    version: number;
  }>`SELECT version FROM schema_migrations ORDER BY version`.execute(store.db);
  expect(versions.rows.map((r) => Number(r.version))).toEqual(migrations.map((_, i) => i + 1));
  await sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (${migrations.length + 1}, 'future', 0)`.execute(
    store.db,
  );
  await expect(openStore({ dataDir, databaseUrl })).rejects.toThrow(/newer than this build/);
});
