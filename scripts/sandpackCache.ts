/**
 * `npm run sandpack:cache [-- name@range …]`: fills the Sandpack fallback's npm cache from the registry your
 * npm config names (read by URL, integrity-checked, no npm process) with the bundler's implicit packages,
 * the runtime's React and the given packages (default: what the e2e apps import), each with its whole
 * tree. Then `ROOM_NPM_OFFLINE=1` serves only this cache. The e2e setup fills it the same way when missing.
 */
import { readConfig } from '../server/config.ts';
import { fillSandpackCache, refusedRoots, sandpackCacheRoots } from '../server/npm/fillSandpackCache.ts';
import { defaultCachePackages } from '../test-support/defaultCachePackages.ts';

const config = readConfig();
const packages = process.argv.length > 2 ? process.argv.slice(2) : defaultCachePackages();
const refused = refusedRoots(sandpackCacheRoots(packages));
if (refused.length > 0) {
  process.stderr.write(`sandpack:cache: ${refused.join('; ')}\n`);
  process.exit(2);
}
try {
  await fillSandpackCache({ dir: config.npmCacheDir, packages });
} catch (err) {
  process.stderr.write(`sandpack:cache: ${(err as Error).message}\n`);
  process.exitCode = 1;
}
