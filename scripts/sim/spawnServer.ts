import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface SpawnedServer {
  url: string;
  token: string;
  stop: () => Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** `server/main.ts` as its own process on a fresh data folder, with the proposal rate limit raised. */
export async function spawnServer(port: number): Promise<SpawnedServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-sim-'));
  const token = 'sim-owner-token-0123456789abcdef';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ROOM_DATA_DIR: dataDir,
      ROOM_OWNER_TOKEN: token,
      ROOM_DEMO: '0',
      ROOM_SKIP_BUILD: '1',
      ROOM_PROPOSALS_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c) => {
    stderr += String(c);
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (c) => {
      if (String(c).includes('Room launcher on')) resolve();
    });
    child.on('exit', (code) =>
      reject(new Error(`server exited with ${code}: ${stderr.trim().split('\n').pop()}`)),
    );
  });
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
