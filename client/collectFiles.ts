import fs from 'node:fs/promises';
import path from 'node:path';
import type { WireError } from '../validation/errorCodes.ts';
import { mayBeProjectFile } from '../validation/projectFiles.ts';
import { LIMITS, type Limits, tooLargeError } from '../validation/proposal.ts';
import { parseGitignore } from './gitignore.ts';
import { readBounded } from './readBounded.ts';
import { secretContent, secretDir, secretName } from './secretFiles.ts';

export interface Skipped {
  path: string;
  reason: string;
  /** Left out because it may hold credentials: always listed to the person. */
  secret?: true;
}

export interface Collected {
  files: Record<string, string>;
  skipped: Skipped[];
  /** Set when a file is over the per-file limit (left unread) or the walk stopped past the file or total limit. */
  tooLarge?: WireError;
}

// Never worth proposing, whatever .gitignore says.
const ALWAYS_SKIPPED_DIRS = new Set(['node_modules']);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

// Rules are never dropped (that would send what the person meant to keep home), so a huge one is an error.
const MAX_GITIGNORE_BYTES = 1024 * 1024;
async function readGitignore(root: string): Promise<string> {
  const file = path.join(root, '.gitignore');
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat?.isFile()) return '';
  if (stat.size > MAX_GITIGNORE_BYTES) throw new Error(`${file} is over 1 MB: not read`);
  return fs.readFile(file, 'utf8');
}

/**
 * The folder's text files keyed by `/`-separated relative path, skipping ignored, binary and secret ones.
 * Sizes are checked before reading, against `limits` (the snippet's by default): a file over the per-file
 * limit is never read, and the walk stops once the files or bytes are over the limits.
 */
export async function collectFiles(dir: string, limits: Limits = LIMITS): Promise<Collected> {
  const root = path.resolve(dir);
  const stat = await fs.stat(root).catch(() => undefined);
  if (!stat?.isDirectory()) throw new Error(`${dir} is not a folder`);
  const ignored = parseGitignore(await readGitignore(root));
  const out: Collected = { files: {}, skipped: [] };
  let count = 0;
  let total = 0;
  const add = (p: string, text: string, bytes: number) => {
    out.files[p] = text;
    // Project files do not count toward the files that run (the gate counts exactly once all are read).
    if (!mayBeProjectFile(p)) count++;
    total += bytes;
    if (count > limits.maxFiles)
      out.tooLarge = tooLargeError(`more than ${limits.maxFiles} files`, limits, { stopped_at: p });
    else if (total > limits.maxTotalBytes)
      out.tooLarge = tooLargeError(`more than ${kb(limits.maxTotalBytes)} in all`, limits, { stopped_at: p });
  };
  const walk = async (rel: string): Promise<void> => {
    const entries = await fs.readdir(path.join(root, rel), { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      if (out.tooLarge) return;
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        const secret = secretDir(e.name);
        if (secret) out.skipped.push({ path: `${p}/`, reason: secret, secret: true });
        else if (ALWAYS_SKIPPED_DIRS.has(e.name) || ignored(p, true))
          out.skipped.push({ path: `${p}/`, reason: 'ignored' });
        else await walk(p);
        continue;
      }
      const secret = secretName(p);
      if (secret) out.skipped.push({ path: p, reason: secret, secret: true });
      else if (!e.isFile())
        out.skipped.push({ path: p, reason: e.isSymbolicLink() ? 'symlink' : 'not a file' });
      else if (ignored(p, false)) out.skipped.push({ path: p, reason: 'ignored' });
      else if (p === '.gitignore') continue;
      else {
        const r = await readBounded(path.join(root, p), limits.maxFileBytes);
        if (r.kind === 'too_large')
          out.tooLarge = tooLargeError(`'${p}' is ${kb(r.bytes)}, left unread`, limits, {
            largest: { path: p, bytes: r.bytes },
          });
        else if (r.kind !== 'text')
          out.skipped.push({ path: p, reason: r.kind === 'binary' ? 'binary' : 'not a file' });
        else {
          const inside = secretContent(r.text);
          if (inside) out.skipped.push({ path: p, reason: inside, secret: true });
          else add(p, r.text, Buffer.byteLength(r.text));
        }
      }
    }
  };
  await walk('');
  return out;
}
