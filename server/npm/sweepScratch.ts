import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SCRATCH_PREFIX } from './buildBundle.ts';
import { removeApart } from './removeApart.ts';

/** Longer than any build of an earlier version ran (60 s): its folder is no live build's. */
const OLD_NAME_AGE_MS = 10 * 60_000;

/**
 * Removes the scratch folders of builders no longer running (a server or builder killed mid-build):
 * each is named after its builder's process id; a live process's folder (another server's build) stays.
 * The removal runs in a process of its own (removeApart), never on the server's event loop.
 */
export async function sweepScratch(tmp: string = os.tmpdir()): Promise<string[]> {
  const names = await fs.promises.readdir(tmp).catch(() => [] as string[]);
  const stale: string[] = [];
  for (const n of names.filter((n) => n.startsWith(SCRATCH_PREFIX))) {
    const pid = Number(/^room-bundle-(\d+)-/.exec(n)?.[1] ?? Number.NaN);
    // A name without a process id is an earlier version's: removed once no build of it can be running.
    const gone =
      pid > 0
        ? !alive(pid)
        : Date.now() - (await fs.promises.stat(path.join(tmp, n)).catch(() => ({ mtimeMs: 0 }))).mtimeMs >
          OLD_NAME_AGE_MS;
    if (gone) stale.push(n);
  }
  await removeApart(stale.map((n) => path.join(tmp, n)));
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
