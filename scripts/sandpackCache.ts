/**
 * `npm run sandpack:cache [-- name@range …]`: fills the Sandpack fallback's npm cache through npm's own
 * CLI (so your npm config applies), for the bundler's implicit packages, the runtime's React and the
 * given packages (default: what the e2e apps import). Then `ROOM_NPM_OFFLINE=1` serves only this cache.
 */
import { readConfig } from '../server/config.ts';
import { BUNDLER_IMPLICIT, REACT_VERSION } from '../server/domain/dependencies.ts';
import { NpmCache } from '../server/npm/NpmCache.ts';

// Exact, so CI fills the same cache every time.
const E2E_PACKAGES = ['date-fns@4.4.0', 'use-immer@0.11.0'];

function parse(spec: string): [string, string] {
  const at = spec.lastIndexOf('@');
  return at > 0 ? [spec.slice(0, at), spec.slice(at + 1)] : [spec, 'latest'];
}

const config = readConfig();
const cache = new NpmCache({ dir: config.npmCacheDir, offline: false, concurrency: 4 });
const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : E2E_PACKAGES;
const seeds: [string, string][] = [
  ...Object.entries(BUNDLER_IMPLICIT),
  ['react', REACT_VERSION],
  ['react-dom', REACT_VERSION],
  ...wanted.map(parse),
];
const started = Date.now();
process.stdout.write(
  `Filling ${config.npmCacheDir} through npm (${seeds.length} packages and what they need)…\n`,
);
const seen = new Set<string>();
const timer = setInterval(() => process.stdout.write(`  ${seen.size} package versions so far\n`), 10_000);
try {
  for (const [name, range] of seeds) {
    const version = await cache.fill(name, range, seen);
    process.stdout.write(`  ${name}@${range} → ${version}\n`);
  }
} catch (err) {
  process.stderr.write(`sandpack:cache: ${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  clearInterval(timer);
}
process.stdout.write(
  `${seen.size} package versions cached in ${Math.round((Date.now() - started) / 1000)} s\n`,
);
