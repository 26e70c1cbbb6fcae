import path from 'node:path';

/** The manifest fields esbuild follows to a file of the package (or, for `browser`, replaces one with). */
const FIELDS = ['main', 'module', 'browser', 'exports', 'imports'] as const;

/**
 * The first manifest field naming a path outside its package's folder (`../`, absolute, a drive), or
 * undefined: esbuild would stat that path on the server's disk before any plugin saw it.
 */
export function manifestEscapes(manifest: unknown): string | undefined {
  if (!manifest || typeof manifest !== 'object') return undefined;
  for (const field of FIELDS) {
    const value = (manifest as Record<string, unknown>)[field];
    if (value !== undefined && strings(value).some(leaves)) return field;
  }
  return undefined;
}

/** Every string in a field (keys too: `browser` maps file names to files), nested conditions included. */
function strings(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (!value || typeof value !== 'object' || depth > 32) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) out.push(k, ...strings(v, depth + 1));
  return out;
}

function leaves(p: string): boolean {
  if (p.includes('\0') || p.includes('\\') || /^[a-zA-Z]:/.test(p) || path.posix.isAbsolute(p)) return true;
  // Package names (a `browser` key or target like "fs") are resolved by the build's own plugin.
  return path.posix.normalize(`x/${p}`).split('/')[0] !== 'x';
}
