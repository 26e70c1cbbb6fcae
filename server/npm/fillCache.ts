import fs from 'node:fs';
import path from 'node:path';
import type { NpmCache } from './NpmCache.ts';
import { type PinnedPackage, resolveTree, type TreeRoot } from './resolveTree.ts';

/** Resolves the roots' whole tree from the registry and downloads every tarball, checked; for offline use. */
export async function fillCache(npm: NpmCache, roots: TreeRoot[]): Promise<PinnedPackage[]> {
  const tree = await resolveTree(npm, roots);
  await Promise.all(tree.map((p) => npm.ensureTarball(p.name, p.version, p.integrity)));
  return tree;
}

/** Whether `npm run sandpack:cache` (or a server online) has filled this cache folder. */
export function cacheIsFilled(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'manifests')) && fs.existsSync(path.join(dir, 'tarballs'));
}
