/**
 * `npm run sandpack:cache [-- name@range …]`: fills the Sandpack fallback's npm cache from the registry your
 * npm config names (read by URL, integrity-checked, no npm process) with the bundler's implicit packages,
 * the runtime's React and the given packages (default: what the e2e apps import), each with its whole
 * tree. Then `ROOM_NPM_OFFLINE=1` serves only this cache.
 */
import { readConfig } from '../server/config.ts';
import { BUNDLER_IMPLICIT, REACT_VERSION } from '../server/domain/dependencies.ts';
import { fillCache } from '../server/npm/fillCache.ts';
import { NpmCache } from '../server/npm/NpmCache.ts';
import type { TreeRoot } from '../server/npm/resolveTree.ts';
import { packageSpecProblem } from '../validation/packageSpec.ts';

// Exact, so CI fills the same cache every time.
const E2E_PACKAGES = ['date-fns@4.4.0', 'use-immer@0.11.0'];

function parse(spec: string): [string, string] {
  const at = spec.lastIndexOf('@');
  return at > 0 ? [spec.slice(0, at), spec.slice(at + 1)] : [spec, 'latest'];
}

const config = readConfig();
const cache = new NpmCache({ dir: config.npmCacheDir, offline: false, concurrency: 6 });
const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : E2E_PACKAGES;
const roots: TreeRoot[] = [
  ...Object.entries(BUNDLER_IMPLICIT).map(([name, range]) => ({ name, range, role: 'bundler' as const })),
  { name: 'react', range: REACT_VERSION, role: 'direct' },
  { name: 'react-dom', range: REACT_VERSION, role: 'direct' },
  ...wanted.map(parse).map(([name, range]) => ({ name, range, role: 'direct' as const })),
];
const refused = roots.flatMap((r) => packageSpecProblem(r.name, r.range) ?? []);
if (refused.length > 0) {
  process.stderr.write(`sandpack:cache: ${refused.join('; ')}\n`);
  process.exit(2);
}
const started = Date.now();
process.stdout.write(
  `Filling ${config.npmCacheDir} from the npm registry (${roots.length} packages and what they need)…\n`,
);
try {
  const tree = await fillCache(cache, roots);
  for (const p of tree.filter((p) => p.role === 'direct')) process.stdout.write(`  ${p.name}@${p.version}\n`);
  process.stdout.write(
    `${tree.length} package versions cached in ${Math.round((Date.now() - started) / 1000)} s\n`,
  );
} catch (err) {
  process.stderr.write(`sandpack:cache: ${(err as Error).message}\n`);
  process.exitCode = 1;
}
