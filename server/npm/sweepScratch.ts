import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SCRATCH_PREFIX } from './buildBundle.ts';

/**
 * Removes the scratch folders of builders no longer running (a server or builder killed mid-build):
 * each is named after its builder's process id; a live process's folder (another server's build) stays.
 */
export async function sweepScratch(tmp: string = os.tmpdir()): Promise<string[]> {
  const names = await fs.promises.readdir(tmp).catch(() => [] as string[]);
  const stale = names.filter((n) => {
    const pid = Number(/^room-bundle-(\d+)-/.exec(n)?.[1] ?? Number.NaN);
    return n.startsWith(SCRATCH_PREFIX) && !(pid > 0 && alive(pid));
  });
  await Promise.all(stale.map((n) => fs.promises.rm(path.join(tmp, n), { recursive: true, force: true })));
  return stale;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: a process of another user holds that id.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
