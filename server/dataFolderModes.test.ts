import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { type RunningServer, spawnServer } from '../test-support/spawnServer.ts';

// Real server processes on ports 5312-5313, started under umask 000: the server must not rely on its parent's.
const PORT = Number(process.env.MODES_PORT ?? 5312);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'room-modes-'));
const servers: RunningServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function start(port: number, dataDir: string): Promise<RunningServer> {
  // No ROOM_OWNER_TOKEN and no ROOM_NPM_CACHE: the server writes its token and cache into the data folder.
  const server = await spawnServer(
    { PORT: String(port), ROOM_DATA_DIR: dataDir, ROOM_NPM_OFFLINE: '1', ROOM_DEMO: '1' },
    { isolated: true, umask: '000' },
  );
  servers.push(server);
  return server;
}

/** Every folder and file under `dir` (itself included) with its permission bits, as `path mode`. */
function modes(dir: string): string[] {
  const out: string[] = [];
  const todo = [dir];
  for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
    const stat = fs.lstatSync(next);
    out.push(`${path.relative(tmp, next) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(next)) todo.push(path.join(next, name));
  }
  return out.sort();
}

const expected = (entries: string[]) =>
  entries.map((e) => (e.endsWith('/') ? `${e.slice(0, -1)} 700` : `${e} 600`));

it('creates a fresh data folder 0700 with every file in it 0600, while running and after', async () => {
  const dataDir = path.join(tmp, 'fresh', 'data');
  const server = await start(PORT, dataDir);
  // Writes that go through the WAL while the server runs.
  const token = fs.readFileSync(path.join(dataDir, 'owner-token'), 'utf8').trim();
  const res = await fetch(`${server.url}/api/rooms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{"name":"Modes"}',
  });
  expect(res.status).toBe(201);
  expect(modes(dataDir)).toEqual(
    expected([
      'fresh/data/',
      'fresh/data/npm-cache/',
      'fresh/data/owner-token',
      'fresh/data/rooms.sqlite',
      'fresh/data/rooms.sqlite-shm',
      'fresh/data/rooms.sqlite-wal',
    ]),
  );
  await server.stop();
  expect(modes(dataDir)).toEqual(
    expected(['fresh/data/', 'fresh/data/npm-cache/', 'fresh/data/owner-token', 'fresh/data/rooms.sqlite']),
  );
}, 60_000);

it('tightens a data folder an older version left readable by others', async () => {
  const dataDir = path.join(tmp, 'old');
  fs.mkdirSync(path.join(dataDir, 'npm-cache'), { recursive: true });
  fs.chmodSync(dataDir, 0o755);
  fs.chmodSync(path.join(dataDir, 'npm-cache'), 0o775);
  // What an older server left after a crash: an empty database with its (empty) WAL beside it, 0644.
  for (const name of ['rooms.sqlite', 'rooms.sqlite-wal']) {
    fs.writeFileSync(path.join(dataDir, name), '');
    fs.chmodSync(path.join(dataDir, name), 0o644);
  }
  const server = await start(PORT + 1, dataDir);
  expect(modes(dataDir)).toEqual(
    expected([
      'old/',
      'old/npm-cache/',
      'old/owner-token',
      'old/rooms.sqlite',
      'old/rooms.sqlite-shm',
      'old/rooms.sqlite-wal',
    ]),
  );
  await server.stop();
}, 60_000);
