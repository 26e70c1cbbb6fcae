import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from './openDatabase.ts';
import { ensurePrivateFolder, isInside } from './privateFiles.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'room-private-'));
afterEach(() => {
  for (const name of fs.readdirSync(tmp)) fs.rmSync(path.join(tmp, name), { recursive: true, force: true });
});

const mode = (p: string) => (fs.statSync(p).mode & 0o7777).toString(8);

it('opens the database owner-only whatever umask the process has (the WAL files too)', () => {
  const dir = path.join(tmp, 'a', 'data');
  const db = openDatabase(dir);
  db.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
  expect([dir, path.dirname(dir)].map(mode)).toEqual(['700', '700']);
  for (const suffix of ['', '-wal', '-shm'])
    expect(mode(path.join(dir, `rooms.sqlite${suffix}`)), suffix).toBe('600');
  db.close();
});

it('tightens an existing folder and database, but not a shared sticky folder it merely uses', () => {
  const old = path.join(tmp, 'old');
  fs.mkdirSync(old, { mode: 0o755 });
  fs.chmodSync(old, 0o755);
  fs.writeFileSync(path.join(old, 'rooms.sqlite'), '', { mode: 0o644 });
  fs.chmodSync(path.join(old, 'rooms.sqlite'), 0o644);
  openDatabase(old).close();
  expect([mode(old), mode(path.join(old, 'rooms.sqlite'))]).toEqual(['700', '600']);

  const shared = path.join(tmp, 'shared');
  fs.mkdirSync(shared);
  fs.chmodSync(shared, 0o1777);
  ensurePrivateFolder(shared);
  expect(mode(shared)).toBe('1777');
});

it('knows whether the npm cache lies in the data folder', () => {
  expect(isInside('/d/data/npm-cache', '/d/data')).toBe(true);
  expect(isInside('/d/data', '/d/data')).toBe(true);
  expect(isInside('/d/data-other', '/d/data')).toBe(false);
  expect(isInside('/d/npm-cache', '/d/data')).toBe(false);
});
