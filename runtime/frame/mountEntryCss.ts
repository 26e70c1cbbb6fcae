const MOUNT = /^src\/(?:main|index)\.(?:tsx|jsx|ts|js)$/;

/**
 * The global CSS a template's mount entry (`src/main.tsx` importing `./index.css` and rendering `<App />`)
 * imports: the Room renders App itself and never runs that entry, so its CSS is applied here. The
 * parser that tells such an entry loads only for an app that has one.
 */
export async function mountEntryCss(files: Record<string, string>): Promise<string[]> {
  if (!Object.keys(files).some((p) => MOUNT.test(p))) return [];
  const { mountEntry } = await import('../../validation/projectFiles.ts');
  return mountEntry(files)?.css ?? [];
}
