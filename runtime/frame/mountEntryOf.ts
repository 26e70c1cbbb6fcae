import type { MountEntry } from '../../validation/projectFiles.ts';

const MOUNT = /^src\/(?:main|index)\.(?:tsx|jsx|ts|js)$/;

/**
 * A template's mount entry (`src/main.tsx` importing `./index.css` and rendering `<App />`): the Room
 * renders App itself and never runs that entry, and applies the CSS it imports. The parser that tells
 * such an entry loads only for an app that has a candidate.
 */
export async function mountEntryOf(files: Record<string, string>): Promise<MountEntry | undefined> {
  if (!Object.keys(files).some((p) => MOUNT.test(p))) return undefined;
  const { mountEntry } = await import('../../validation/projectFiles.ts');
  return mountEntry(files);
}
