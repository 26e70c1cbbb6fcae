import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const LISTENING = 'Room launcher on';
// Servers still running when this process exits (a test that timed out never stops its own): killed then.
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface RunningServer {
  url: string;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  exited: Promise<number | null>;
}

export interface SpawnOptions {
  /** How long the server may take to print "Room launcher on" or exit (default 60 s); then it is killed. */
  timeoutMs?: number;
  /** Resolve when the server exits before it listens (tests of start-up failures); otherwise that rejects. */
  mayExit?: boolean;
  /** Leave out the parent's ROOM_* settings, so `env` alone configures the server. */
  isolated?: boolean;
  /** Start under this umask (through /bin/sh), e.g. '000': the server must not rely on its parent's. */
  umask?: string;
}

/**
 * Starts a real server process (`tsx server/main.ts`) with its own env; resolves once it listens (or, with
 * `mayExit`, exits). Rejects with the child's output when it exits early or neither listens nor exits in time.
 */
export async function spawnServer(
  env: Record<string, string>,
  opts: SpawnOptions = {},
): Promise<RunningServer> {
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const parent = opts.isolated ? withoutRoomSettings(process.env) : process.env;
  const args = ['--import', 'tsx', 'server/main.ts'];
  const [command, argv] = opts.umask
    ? ['/bin/sh', ['-c', `umask ${opts.umask}; exec "${process.execPath}" ${args.join(' ')}`]]
    : [process.execPath, args];
  const child: ChildProcess = spawn(command, argv, {
    cwd: ROOT,
    env: { ...parent, ROOM_SKIP_BUILD: '1', ROOM_PROPOSALS_PER_MINUTE: '1000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  // 'close', not 'exit': by then every line the child wrote has been read.
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        Object.assign(
          new Error(`server neither listened nor exited in ${timeoutMs} ms; its output:\n${out}`),
          {
            exited,
          },
        ),
      );
    }, timeoutMs);
    const onData = (d: Buffer) => {
      out += d;
      if (out.includes(LISTENING)) settle(resolve);
    };
    const settle = (done: () => void) => {
      clearTimeout(timer);
      done();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    exited.then((code) =>
      settle(() =>
        opts.mayExit ? resolve() : reject(new Error(`server exited with ${code} before listening:\n${out}`)),
      ),
    );
  });
  await started;
  return {
    url: `http://127.0.0.1:${env.PORT}`,
    output: () => out,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

function withoutRoomSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('ROOM_')));
}
