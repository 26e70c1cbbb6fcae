import { spawn } from 'node:child_process';
import os from 'node:os';

/** How long one removal may run: past it the process stops and the next start's sweep goes on. */
export const REMOVE_TIMEOUT_MS = 5 * 60_000;

// Run by `node -e`: fs.promises.rm leaves its own event loop free for the deadline.
const SCRIPT = `const [ms, ...dirs] = process.argv.slice(1);
setTimeout(() => process.exit(2), Number(ms));
Promise.all(dirs.map((d) => require('node:fs').promises.rm(d, { recursive: true, force: true }).catch(() => {})))
  .then(() => process.exit(0));`;

/**
 * Removes folders in a process of its own at the lowest priority, stopped past `timeoutMs`: a scratch
 * folder of a million entries took minutes of the server's CPU and event loop. The process outlives the
 * server if it must; the promise settles when it ends (true when it finished).
 */
export function removeApart(dirs: string[], timeoutMs = REMOVE_TIMEOUT_MS): Promise<boolean> {
  if (dirs.length === 0) return Promise.resolve(true);
  const child = spawn(process.execPath, ['-e', SCRIPT, String(timeoutMs), ...dirs], {
    detached: true,
    stdio: 'ignore',
    env: { PATH: process.env.PATH },
  });
  try {
    if (child.pid !== undefined) os.setPriority(child.pid, 19);
  } catch {}
  child.unref();
  return new Promise((resolve) => {
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}
