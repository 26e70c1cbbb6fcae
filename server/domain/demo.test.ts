import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase } from '../store/openDatabase.ts';
import { SqliteStore } from '../store/SqliteStore.ts';
import { ensureDemo } from './demo.ts';

let dir: string;
let db: Database.Database;
let store: SqliteStore;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-demo-'));
  db = openDatabase(dir);
  store = new SqliteStore(db);
  await store.createPerson({ id: 'powner', name: 'Owner', createdAt: 1 });
});
afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const count = (table: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

it('leaves nothing behind when its last write fails, then seeds once on the next start', async () => {
  // A real failure at the very last write (the meta row that marks the demo done).
  db.exec(`CREATE TRIGGER fail_demo BEFORE INSERT ON meta WHEN NEW.key = 'demo_room_id'
           BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
  await expect(ensureDemo(store, 'powner', 10)).rejects.toThrow(/disk full/);
  for (const table of ['rooms', 'memberships', 'proposals', 'instances', 'events'])
    expect(count(table)).toBe(0);

  db.exec('DROP TRIGGER fail_demo');
  const roomId = await ensureDemo(store, 'powner', 20);
  expect(await ensureDemo(store, 'powner', 30)).toBe(roomId);
  const rooms = await store.listRoomsFor('powner');
  expect(rooms.map((r) => [r.id, r.name, r.appCount])).toEqual([[roomId, 'Demo room', 1]]);
  expect((await store.listInstances(roomId)).map((i) => i.name)).toEqual(['Standup timer']);
  expect(count('proposals')).toBe(1);
});
