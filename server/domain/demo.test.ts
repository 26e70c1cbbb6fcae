import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openTestStore, type TestStore } from '../../test-support/testStore.ts';
import type { SqlStore } from '../store/SqlStore.ts';
import { ensureDemo } from './demo.ts';

let opened: TestStore;
let store: SqlStore;

beforeEach(async () => {
  opened = await openTestStore();
  store = opened.store;
  await store.createPerson({ id: 'powner', name: 'Owner', createdAt: 1 });
});
afterEach(() => opened.close());

const count = async (table: string) =>
  Number(
    (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(store.db)).rows[0]?.n,
  );

/** A real failure at the very last write (the meta row that marks the demo done), on either engine. */
async function failDemoMetaWrite(on: boolean): Promise<void> {
  const statements =
    store.engine === 'sqlite'
      ? on
        ? [
            `CREATE TRIGGER fail_demo BEFORE INSERT ON meta WHEN NEW.key = 'demo_room_id'
             BEGIN SELECT RAISE(ABORT, 'disk full'); END`,
          ]
        : ['DROP TRIGGER fail_demo']
      : on
        ? [
            `CREATE FUNCTION fail_demo() RETURNS trigger LANGUAGE plpgsql AS
             'BEGIN IF NEW.key = ''demo_room_id'' THEN RAISE EXCEPTION ''disk full''; END IF; RETURN NEW; END'`,
            'CREATE TRIGGER fail_demo BEFORE INSERT ON meta FOR EACH ROW EXECUTE FUNCTION fail_demo()',
          ]
        : ['DROP TRIGGER fail_demo ON meta', 'DROP FUNCTION fail_demo()'];
  for (const s of statements) await sql.raw(s).execute(store.db);
}

it('leaves nothing behind when its last write fails, then seeds once on the next start', async () => {
  await failDemoMetaWrite(true);
  await expect(ensureDemo(store, 'powner', 10)).rejects.toThrow(/disk full/);
  for (const table of ['rooms', 'memberships', 'proposals', 'instances', 'events'])
    expect(await count(table)).toBe(0);

  await failDemoMetaWrite(false);
  const roomId = await ensureDemo(store, 'powner', 20);
  expect(await ensureDemo(store, 'powner', 30)).toBe(roomId);
  const rooms = await store.listRoomsFor('powner');
  expect(rooms.map((r) => [r.id, r.name, r.appCount])).toEqual([[roomId, 'Demo room', 1]]);
  expect((await store.listInstances(roomId)).map((i) => i.name)).toEqual(['Standup timer']);
  expect(await count('proposals')).toBe(1);
});
