import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import {
  createTestSchema,
  dropTestSchema,
  openTestStore,
  type TestStore,
  testEngine,
} from '../../test-support/testStore.ts';
import { approveUnique } from '../domain/approvalRules.ts';
import { migrate } from './migrate.ts';
import { migrations } from './migrations.ts';
import { skeletonKey } from './nameSkeletons.ts';
import { openDatabase } from './openDatabase.ts';
import { openStore } from './openStore.ts';

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

it('app versions: every existing app becomes version 1 of its approved proposal', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-migrate-'));
  const databaseUrl = testEngine === 'postgres' ? await createTestSchema() : undefined;
  cleanup.push(async () => {
    if (databaseUrl) await dropTestSchema(databaseUrl);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  // The schema as the build before app versions left it, with an approved app and a pending same-name proposal.
  const before = new Kysely<unknown>({
    dialect: databaseUrl
      ? new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl }) })
      : new SqliteDialect({ database: openDatabase(dataDir) }),
  });
  await migrate(
    before,
    testEngine,
    migrations.slice(
      0,
      migrations.findIndex((m) => m.name === 'app versions'),
    ),
  );
  const proposal = (id: string, state: string, decided: [number, string] | [null, null]) =>
    sql`INSERT INTO proposals (id, room_id, proposer_id, kind, name, content_sha256, state, created_at, decided_at, decided_by)
      VALUES (${id}, 'r1', 'pmember', 'snippet', ${id === 'q3' ? 'Seeded' : 'Timer'}, ${`sha-${id}`}, ${state}, 1, ${decided[0]}, ${decided[1]})`.execute(
      before,
    );
  await sql`INSERT INTO people (id, name, created_at) VALUES ('powner', 'Owner', 1), ('pmember', 'Member', 1)`.execute(
    before,
  );
  await sql`INSERT INTO rooms (id, name, owner_id, created_at) VALUES ('r1', 'Room', 'powner', 1)`.execute(
    before,
  );
  await proposal('q1', 'approved', [7, 'powner']);
  await proposal('q2', 'pending', [null, null]);
  // A demo seed of an early build left no decider: the room's owner stands in, at the app's creation.
  await proposal('q3', 'approved', [null, null]);
  await sql`INSERT INTO instances (id, room_id, name, position, proposal_id, state, created_at)
    VALUES ('a1', 'r1', 'Timer', 0, 'q1', 'active', 8), ('a3', 'r1', 'Seeded', 1, 'q3', 'active', 9)`.execute(
    before,
  );
  await before.destroy();

  const store = await openStore({ dataDir, databaseUrl });
  cleanup.push(() => store.close());
  expect((await store.listInstances('r1')).map((i) => [i.id, i.version, i.proposalId])).toEqual([
    ['a1', 1, 'q1'],
    ['a3', 1, 'q3'],
  ]);
  expect(await store.listAppVersions('a1')).toEqual([
    {
      instanceId: 'a1',
      version: 1,
      proposalId: 'q1',
      approvedBy: 'powner',
      approvedAt: 7,
      rollbackOf: null,
      contentSha256: 'sha-q1',
      proposerId: 'pmember',
    },
  ]);
  expect(await store.listAppVersions('a3')).toMatchObject([
    { version: 1, approvedBy: 'powner', approvedAt: 9 },
  ]);
  expect(await store.getProposal('q2')).toMatchObject({ updateOf: null, baseVersion: null });
  // The pending same-name proposal now updates the app in place.
  const approval = await approveUnique(store, {
    proposalId: 'q2',
    decidedBy: 'powner',
    at: 10,
    instanceId: 'a-new',
    events: () => [],
  });
  expect([approval.updated, approval.instance.id, approval.instance.version]).toEqual([true, 'a1', 2]);
});

it('name skeletons: every existing proposal and app gets its skeleton, so look-alikes of old rows are found', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-migrate-'));
  const databaseUrl = testEngine === 'postgres' ? await createTestSchema() : undefined;
  cleanup.push(async () => {
    if (databaseUrl) await dropTestSchema(databaseUrl);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const before = new Kysely<unknown>({
    dialect: databaseUrl
      ? new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl }) })
      : new SqliteDialect({ database: openDatabase(dataDir) }),
  });
  await migrate(
    before,
    testEngine,
    migrations.slice(
      0,
      migrations.findIndex((m) => m.name === 'name skeletons'),
    ),
  );
  await sql`INSERT INTO people (id, name, created_at) VALUES ('powner', 'Owner', 1), ('pmember', 'Member', 1)`.execute(
    before,
  );
  await sql`INSERT INTO rooms (id, name, owner_id, created_at) VALUES ('r1', 'Room', 'powner', 1)`.execute(
    before,
  );
  // Two proposals share a name (one distinct name, two rows), one is an app, one is declined.
  const rows: [string, string, string][] = [
    ['q1', 'Standup timer', 'approved'],
    ['q2', 'Poll maker', 'pending'],
    ['q3', 'Poll maker', 'pending'],
    ['q4', '\uFF37eather', 'declined'],
  ];
  for (const [id, name, state] of rows)
    await sql`INSERT INTO proposals (id, room_id, proposer_id, kind, name, content_sha256, state, created_at)
      VALUES (${id}, 'r1', 'pmember', 'snippet', ${name}, ${`sha-${id}`}, ${state}, 1)`.execute(before);
  await sql`INSERT INTO instances (id, room_id, name, position, proposal_id, state, created_at)
    VALUES ('a1', 'r1', 'Standup timer', 0, 'q1', 'active', 8)`.execute(before);
  await before.destroy();

  const store = await openStore({ dataDir, databaseUrl });
  cleanup.push(() => store.close());
  const filled = await sql<{ id: string; s: string | null }>`
    SELECT id, skeleton_sha256 AS s FROM proposals UNION ALL SELECT id, skeleton_sha256 AS s FROM instances
    ORDER BY id`.execute(store.db);
  expect(filled.rows).toEqual([
    { id: 'a1', s: skeletonKey('Standup timer') },
    { id: 'q1', s: skeletonKey('Standup timer') },
    { id: 'q2', s: skeletonKey('Poll maker') },
    { id: 'q3', s: skeletonKey('Poll maker') },
    { id: 'q4', s: skeletonKey('Weather') },
  ]);
  const lookFor = (name: string) => store.findLookAlike('r1', { name, pending: {} });
  expect(await lookFor('Standup t\u0456mer')).toBe('Standup timer');
  expect(await lookFor('Poll rnaker')).toBe('Poll maker');
  // A declined proposal's name is free again.
  expect(await lookFor('Weather')).toBeUndefined();
  // The scratch table is gone.
  await expect(sql`SELECT * FROM name_skeleton_fill`.execute(store.db)).rejects.toThrow();
});
