import { packageSpecProblem } from '../../validation/packageSpec.ts';
import { BUNDLER_IMPLICIT, REACT_VERSION } from '../domain/bundlerImplicit.ts';
import { fillCache } from './fillCache.ts';
import { type Manifest, NpmCache, type NpmCacheOptions } from './NpmCache.ts';
import type { PinnedPackage, TreeRoot } from './resolveTree.ts';

// A progress line at most this often: a cold fill takes a while and should show it is moving.
const PROGRESS_MS = 2000;

export interface FillSandpackCacheOptions {
  /** The cache folder (`ROOM_NPM_CACHE`). */
  dir: string;
  /** `name@range` specs besides the bundler's packages and React. */
  packages: string[];
  /** Where progress goes, one line a call. */
  log?: (line: string) => void;
}

/** The cache's roots: the bundler's implicit packages, the runtime's React and the given specs. */
export function sandpackCacheRoots(packages: string[]): TreeRoot[] {
  return [
    ...Object.entries(BUNDLER_IMPLICIT).map(([name, range]) => ({ name, range, role: 'bundler' as const })),
    { name: 'react', range: REACT_VERSION, role: 'direct' },
    { name: 'react-dom', range: REACT_VERSION, role: 'direct' },
    ...packages.map(parseSpec).map(([name, range]) => ({ name, range, role: 'direct' as const })),
  ];
}

/** Why these roots may not be cached (names and ranges outside the allowlist), empty when they may. */
export function refusedRoots(roots: TreeRoot[]): string[] {
  return roots.flatMap((r) => packageSpecProblem(r.name, r.range) ?? []);
}

/**
 * Fills the Sandpack fallback's npm cache with the roots' whole trees from the configured registry
 * (integrity-checked, no npm process), logging progress; `npm run sandpack:cache` and the e2e setup.
 */
export async function fillSandpackCache(opts: FillSandpackCacheOptions): Promise<PinnedPackage[]> {
  const log = opts.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const roots = sandpackCacheRoots(opts.packages);
  const refused = refusedRoots(roots);
  if (refused.length > 0) throw new Error(refused.join('; '));
  const started = Date.now();
  let shown = started;
  const cache = new CountingCache({ dir: opts.dir, offline: false, concurrency: 6 }, () => {
    if (Date.now() - shown < PROGRESS_MS) return;
    shown = Date.now();
    log(`  ${cache.resolved} ranges resolved, ${cache.downloaded} tarballs checked…`);
  });
  log(`Filling ${opts.dir} from the npm registry (${roots.length} packages and what they need)…`);
  const tree = await fillCache(cache, roots);
  for (const p of tree.filter((p) => p.role === 'direct')) log(`  ${p.name}@${p.version}`);
  log(`${tree.length} package versions cached in ${Math.round((Date.now() - started) / 1000)} s`);
  return tree;
}

function parseSpec(spec: string): [string, string] {
  const at = spec.lastIndexOf('@');
  return at > 0 ? [spec.slice(0, at), spec.slice(at + 1)] : [spec, 'latest'];
}

/** The cache, counting what it resolves and downloads for the progress line. */
class CountingCache extends NpmCache {
  resolved = 0;
  downloaded = 0;

  constructor(
    opts: NpmCacheOptions,
    private readonly onStep: () => void,
  ) {
    super(opts);
  }

  override async pick(name: string, range: string): Promise<Manifest> {
    const manifest = await super.pick(name, range);
    this.resolved += 1;
    this.onStep();
    return manifest;
  }

  override async ensureTarball(name: string, version: string, integrity: string): Promise<void> {
    await super.ensureTarball(name, version, integrity);
    this.downloaded += 1;
    this.onStep();
  }
}
