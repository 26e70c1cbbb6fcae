import fs from 'node:fs';
import path from 'node:path';

/** Creates `dir` (and missing parents) owner-only, and tightens it to 0700 when an older version made it wider. */
export function ensurePrivateFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir, 0o700);
}

/** Makes an existing file owner-only (0600); a missing one is left missing. */
export function ensurePrivateFile(file: string): void {
  tighten(file, 0o600);
}

/** Whether `inner` is `outer` or lies below it. */
export function isInside(inner: string, outer: string): boolean {
  const rel = path.relative(path.resolve(outer), path.resolve(inner));
  return !rel.startsWith('..') && !path.isAbsolute(rel);
}

function tighten(target: string, mode: number): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  // Someone else's folder (a shared mount, a sticky one like /tmp) is not ours to close: our files in it still are.
  const ours = process.getuid === undefined || stat.uid === process.getuid();
  if (!ours || stat.mode & 0o1000) return;
  if ((stat.mode & 0o777) !== mode) fs.chmodSync(target, mode);
}
