import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import {
  createTestSchema,
  dropTestSchema,
  openTestStore,
  type TestStore,
} from '../../test-support/testStore.ts';
import { migrations } from './migrations.ts';
import { openStore } from './openStore.ts';
import type { NewEvent } from './Store.ts';
import { insertEvent } from './sqlEvents.ts';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo();
});

async function opened(): Promise<TestStore> {
  const t = await openTestStore();
  cleanup.push(() => t.close());
  await t.store.createPerson({ id: 'powner', name: 'Owner', createdAt: 1 });
  for (const id of ['r1', 'r2']) await t.store.createRoom({ id, name: id, ownerId: 'powner', createdAt: 1 });
  return t;
}

const event = (roomId: string, i: number): NewEvent => ({
  roomId,
  type: 'room.renamed',
  audience: 'room',
  proposerId: null,
  data: { i },
  createdAt: i,
});
const owner = { personId: 'powner', isOwner: true };
const settled = (p: Promise<unknown>) =>
  Promise.race([p.then(() => true), new Promise((r) => setTimeout(r, 300, false))]);

it('numbers a room’s events in commit order: a later writer waits for the open one, a reader never skips', async () => {
  const { store } = await opened();
  const first = await store.db.startTransaction().execute();
  expect(await insertEvent(first, event('r1', 1))).toBe(1);
  // A second writer of the same room waits on the room's row; another room's writer does not.
  const second = store.appendEvent(event('r1', 2));
  expect(await store.appendEvent(event('r2', 3))).toBe(1);
  expect(await settled(second)).toBe(false);
  expect(await store.listEvents('r1', owner, 0, 10)).toEqual([]);
  expect(await store.latestSeq('r1')).toBe(0);
  await first.commit().execute();
  expect(await second).toBe(2);
  expect((await store.listEvents('r1', owner, 0, 10)).map((e) => e.seq)).toEqual([1, 2]);
});

it('hands a poller every event once, in order, while many writers commit concurrently', async () => {
  const { store } = await opened();
  const seen: number[] = [];
  let writing = true;
  const poll = async () => {
    let after = 0;
    const drain = async () => {
      for (const e of await store.listEvents('r1', owner, after, 500)) {
        seen.push(e.seq);
        after = e.seq;
      }
    };
    while (writing) await drain();
    await drain();
  };
  const poller = poll();
  const writes = await Promise.all(Array.from({ length: 200 }, (_, i) => store.appendEvent(event('r1', i))));
  writing = false;
  await poller;
  expect([...writes].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  expect(seen).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
});

it('migrates once when several servers start on a new database at the same time', async () => {
  const databaseUrl = await createTestSchema();
  cleanup.push(() => dropTestSchema(databaseUrl));
  const stores = await Promise.all(
    Array.from({ length: 4 }, () => openStore({ dataDir: '/nonexistent', databaseUrl })),
  );
  for (const s of stores) cleanup.push(() => s.close());
  const rows = await sql<{ version: number }>`SELECT version FROM schema_migrations ORDER BY version`.execute(
    (stores[0] as (typeof stores)[0]).db,
  );
  expect(rows.rows.map((r) => r.version)).toEqual(migrations.map((_, i) => i + 1));
});
