import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { spawnServer } from '../test-support/spawnServer.ts';

// The one helper that starts real server processes (test-support/spawnServer.ts), on ports 5314-5315.
const PORT = Number(process.env.SPAWN_PORT ?? 5314);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'room-spawn-'));

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const listens = (port: number) =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => true,
    () => false,
  );

it('rejects a server that neither listens nor exits in time, and kills it', async () => {
  const env = { PORT: String(PORT), ROOM_DATA_DIR: path.join(tmp, 'slow'), ROOM_DEMO: '0' };
  const err = (await spawnServer(env, { timeoutMs: 200 }).catch((e) => e)) as Error & {
    exited: Promise<number | null>;
  };
  expect(err.message).toMatch(/neither listened nor exited in 200 ms; its output:/);
  // Killed, so it can never listen: its exit (by signal, no code) is the end of it, no wait for a start.
  expect(await err.exited).toBeNull();
  expect(await listens(PORT)).toBe(false);
}, 60_000);

// Two real server starts (tsx transforms the server each time): generous on a busy 2-core machine.
it('rejects a server that exits before it listens, with what it printed', async () => {
  const file = path.join(tmp, 'not-a-folder');
  fs.writeFileSync(file, 'x');
  const env = { PORT: String(PORT + 1), ROOM_DATA_DIR: path.join(file, 'data') };
  await expect(spawnServer(env)).rejects.toThrow(
    /exited with 1 before listening:\n.*cannot use the data folder/,
  );
  const server = await spawnServer(env, { mayExit: true });
  expect(await server.exited).toBe(1);
}, 90_000);
