import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  exited: Promise<number | null>;
}

/** Starts a real server process (`tsx server/main.ts`) with its own env; resolves once it listens or exits. */
export async function spawnServer(env: Record<string, string>): Promise<RunningServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ROOM_SKIP_BUILD: '1', ROOM_PROPOSALS_PER_MINUTE: '1000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${env.PORT}`;
  const listening = (async () => {
    for (;;) {
      if (out.includes('Room launcher on')) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  await Promise.race([listening, exited]);
  return {
    url,
    output: () => out,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
