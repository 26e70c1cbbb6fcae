import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { spawnServer } from '../test-support/spawnServer.ts';

// Server-only checks of the real process (moved from Playwright: no browser needed). Each test starts one or
// two real server processes: on a busy 2-core machine one start can take 20 s.
const SLOW = 90_000;

const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `room-${name}-`));

it(
  'a restart on the same data folder keeps one Demo room and the generated owner token',
  async () => {
    const dataDir = tmp('restart');
    const env = { PORT: '5191', ROOM_DATA_DIR: dataDir };
    const first = await spawnServer(env);
    const token = fs.readFileSync(path.join(dataDir, 'owner-token'), 'utf8').trim();
    expect(fs.statSync(path.join(dataDir, 'owner-token')).mode & 0o777).toBe(0o600);
    // A generated token is printed, on the line after "Room launcher on" (which may arrive first).
    await expect.poll(() => first.output(), { timeout: 10_000 }).toContain(`/?token=${token}`);
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = await spawnServer(env);
    const res = await fetch(`${second.url}/api/rooms`, { headers: { authorization: `Bearer ${token}` } });
    const { rooms } = (await res.json()) as { rooms: { name: string }[] };
    expect(rooms.filter((r) => r.name === 'Demo room')).toHaveLength(1);
    expect(await second.stop('SIGINT')).toBe(0);
  },
  SLOW,
);

it(
  'a port in use gets one clear line and a non-zero exit',
  async () => {
    const env = { PORT: '5192', ROOM_DATA_DIR: tmp('port') };
    const first = await spawnServer(env);
    const second = await spawnServer({ ...env, ROOM_DATA_DIR: tmp('port2') }, { mayExit: true });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/port 5192 .* is in use/);
    await first.stop();
  },
  SLOW,
);

it(
  'an unwritable data folder gets a clear message',
  async () => {
    const parent = tmp('ro');
    const file = path.join(parent, 'not-a-folder');
    fs.writeFileSync(file, 'x');
    const server = await spawnServer(
      { PORT: '5193', ROOM_DATA_DIR: path.join(file, 'data') },
      { mayExit: true },
    );
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toContain('cannot use the data folder');
  },
  SLOW,
);

it(
  'ROOM_DEMO=0 creates no demo room',
  async () => {
    const dataDir = tmp('nodemo');
    const server = await spawnServer({
      PORT: '5194',
      ROOM_DATA_DIR: dataDir,
      ROOM_DEMO: '0',
      ROOM_OWNER_TOKEN: 'tok-nodemo-123456',
    });
    const res = await fetch(`${server.url}/api/rooms`, {
      headers: { authorization: 'Bearer tok-nodemo-123456' },
    });
    expect(((await res.json()) as { rooms: unknown[] }).rooms).toEqual([]);
    await server.stop();
  },
  SLOW,
);

it(
  'a token from ROOM_OWNER_TOKEN is never printed (a generated one is, above)',
  async () => {
    const server = await spawnServer({
      PORT: '5330',
      ROOM_DATA_DIR: tmp('configured'),
      ROOM_OWNER_TOKEN: 'configured-secret-0123456789',
    });
    await expect
      .poll(() => server.output(), { timeout: 10_000 })
      .toContain('with the token in ROOM_OWNER_TOKEN');
    expect(server.output()).not.toContain('configured-secret-0123456789');
    expect(server.output()).not.toContain('?token=');
    await server.stop();
  },
  SLOW,
);
