export { isRelative, resolveRelative, SOURCE_EXTENSIONS } from '../../validation/resolveImport.ts';

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
