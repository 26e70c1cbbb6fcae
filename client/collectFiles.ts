import fs from 'node:fs/promises';
import path from 'node:path';
import { parseGitignore } from './gitignore.ts';

export interface Collected {
  files: Record<string, string>;
  skipped: { path: string; reason: string }[];
}

// Never worth proposing, whatever .gitignore says; .env files usually hold secrets.
const ALWAYS_SKIPPED_DIRS = new Set(['node_modules', '.git']);
const SECRET = /^\.env(?:\..*)?$/;
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Text if the bytes are valid UTF-8 without NUL, else undefined (binary). */
export function asText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** The folder's text files keyed by `/`-separated relative path, skipping ignored, binary and secret ones. */
export async function collectFiles(dir: string): Promise<Collected> {
  const root = path.resolve(dir);
  const stat = await fs.stat(root).catch(() => undefined);
  if (!stat?.isDirectory()) throw new Error(`${dir} is not a folder`);
  const gitignore = await fs.readFile(path.join(root, '.gitignore'), 'utf8').catch(() => '');
  const ignored = parseGitignore(gitignore);
  const out: Collected = { files: {}, skipped: [] };
  const walk = async (rel: string): Promise<void> => {
    const entries = await fs.readdir(path.join(root, rel), { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (ALWAYS_SKIPPED_DIRS.has(e.name) || ignored(p, true))
          out.skipped.push({ path: `${p}/`, reason: 'ignored' });
        else await walk(p);
      } else if (!e.isFile())
        out.skipped.push({ path: p, reason: e.isSymbolicLink() ? 'symlink' : 'not a file' });
      else if (ignored(p, false)) out.skipped.push({ path: p, reason: 'ignored' });
      else if (SECRET.test(e.name)) out.skipped.push({ path: p, reason: 'secret (.env)' });
      else if (p === '.gitignore') continue;
      else {
        const text = asText(await fs.readFile(path.join(root, p)));
        if (text === undefined) out.skipped.push({ path: p, reason: 'binary' });
        else out.files[p] = text;
      }
    }
  };
  await walk('');
  return out;
}
