import { importSites } from '../../../validation/importScan.ts';
import { DEFAULT_ALIASES, readAliases } from '../../../validation/pathAliases.ts';
import { resolveImport } from '../../../validation/resolveImport.ts';

const CODE = /\.(tsx|ts|jsx|js|mjs|cjs)$/;

/**
 * The app's files as the bundler should read them: every import of one of the app's own files (through
 * `@/`, `paths` or `baseUrl` too) rewritten to its canonical relative path, and `.svg` / `?raw` imports to
 * a module of ours exporting the data: URL or the text, so the bundler resolves exactly what the frame's
 * resolver does and never guesses an alias itself.
 */
export function canonicalImports(files: Record<string, string>): Record<string, string> {
  const read = readAliases(files);
  const aliases = 'problem' in read ? DEFAULT_ALIASES : read;
  const out: Record<string, string> = { ...files };
  // Ours, written last: an app file of the same name (listed after its importer) must not take the image's place.
  const assets: Record<string, string> = {};
  for (const [file, code] of Object.entries(files)) {
    if (!CODE.test(file)) continue;
    const sites = importSites(file, code) ?? [];
    let text = code;
    // From the end, so earlier offsets stay valid.
    for (const site of [...sites].sort((a, b) => b.start - a.start)) {
      const r = resolveImport(files, file, site.specifier, aliases);
      if (r.kind !== 'file') continue;
      let target = r.path;
      if (r.as === 'svg' || r.as === 'raw') {
        const body = files[r.path] as string;
        const value = r.as === 'svg' ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(body)}` : body;
        target = `${r.path}.room-${r.as}.js`;
        assets[target] = `export default ${JSON.stringify(value)};\n`;
      }
      const relative = relativePath(file, target);
      if (relative === site.specifier) continue;
      text = `${text.slice(0, site.start)}${JSON.stringify(relative)}${text.slice(site.end)}`;
    }
    out[file] = text;
  }
  return Object.assign(out, assets);
}

/** `to` as a specifier from the file `from`: `./x.ts`, `../lib/y.tsx`. */
export function relativePath(from: string, to: string): string {
  const dir = from.split('/').slice(0, -1);
  const parts = to.split('/');
  let common = 0;
  while (common < dir.length && common < parts.length - 1 && dir[common] === parts[common]) common++;
  const up = dir.length - common;
  const rest = parts.slice(common).join('/');
  return up === 0 ? `./${rest}` : `${'../'.repeat(up)}${rest}`;
}
