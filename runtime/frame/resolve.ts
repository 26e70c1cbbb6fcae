export const SOURCE_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json', '.css'];

/**
 * Resolves a relative specifier against the importing file within the file map, or undefined.
 * Resolution never leaves the map: `..` past the root resolves to nothing.
 */
export function resolveRelative(
  files: Record<string, string>,
  from: string,
  specifier: string,
): string | undefined {
  const segments = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (segments.length === 0) return undefined;
      segments.pop();
    } else segments.push(part);
  }
  const base = segments.join('/');
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((ext) => base + ext),
    ...SOURCE_EXTENSIONS.map((ext) => `${base}/index${ext}`),
  ];
  return candidates.find((c) => Object.hasOwn(files, c));
}

export function isRelative(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..';
}

/** The file that runs first: `src/App.tsx` wins, then other App files, then a self-mounting index. */
export function findEntry(files: Record<string, string>): Entry | undefined {
  const ENTRY_EXTENSIONS = ['.tsx', '.jsx', '.js', '.ts'];
  const index = ENTRY_EXTENSIONS.map((ext) => `src/index${ext}`).find((p) => Object.hasOwn(files, p));
  for (const ext of ENTRY_EXTENSIONS) {
    if (Object.hasOwn(files, `src/App${ext}`)) return { path: `src/App${ext}`, mountsItself: false, index };
  }
  return index ? { path: index, mountsItself: true } : undefined;
}

export interface Entry {
  path: string;
  /** The entry renders itself into `#root` (a `src/index.*` with no App file). */
  mountsItself: boolean;
  /** A self-mounting index beside the App file: it runs when the App file has no default export. */
  index?: string;
}
