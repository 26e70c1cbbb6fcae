import fs from 'node:fs';
import path from 'node:path';
import type { NpmCache } from './NpmCache.ts';
import { type PinnedPackage, resolveTree, type TreeRoot } from './resolveTree.ts';

// Bumped when the cache's layout or the e2e package set changes (2: tarballs named by their integrity
// hash; 3: safe-buffer and react-textarea-autosize for the pre-bundled and Sandpack paths; 4: manifests
// keep dist.unpackedSize, gypfile, binary, os and cpu for the proposal's static judgement; 5: the react.dev
// package examples' immer, use-immer and remarkable).
const FORMAT = '5';
const FORMAT_FILE = 'cache-format';

/** Resolves the roots' whole tree from the registry and downloads every tarball, checked; for offline use. */
export async function fillCache(npm: NpmCache, roots: TreeRoot[]): Promise<PinnedPackage[]> {
  const tree = await resolveTree(npm, roots);
  await Promise.all(tree.map((p) => npm.ensureTarball(p.name, p.version, p.integrity)));
  // Counted now, so a proposal on a registry that states no sizes does not count them.
  for (const p of tree) await npm.unpackedSize(p.integrity);
  fs.writeFileSync(path.join(npm.opts.dir, FORMAT_FILE), FORMAT, { mode: 0o600 });
  return tree;
}

/** Whether `npm run sandpack:cache` has filled this cache folder in the layout this version reads. */
export function cacheIsFilled(dir: string): boolean {
  try {
    return fs.readFileSync(path.join(dir, FORMAT_FILE), 'utf8').trim() === FORMAT;
  } catch {
    return false;
  }
}
