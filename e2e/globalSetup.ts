import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cacheIsFilled } from '../server/npm/fillCache.ts';
import { E2E_NPM_CACHE } from './env.ts';
import { cacheProbePackage } from './isolation/probePackage.ts';

// Tarballs last: the cache counts as filled only once both parts are in place.
// The format marker last: it is what says the cache is whole.
const PARTS = ['manifests', 'tarballs', 'cache-format'];
const SANDPACK_CACHE_SCRIPT = path.resolve(import.meta.dirname, '..', 'scripts', 'sandpackCache.ts');

/**
 * Playwright's global setup: a fresh clone has no Sandpack npm cache, so fill it as `npm run sandpack:cache`
 * does, beside the cache first and moved in whole, so an interrupted fill never looks like a filled cache.
 * Then adds the isolation suite's hostile package, which no registry holds.
 */
export default async function globalSetup(): Promise<void> {
  if (!cacheIsFilled(E2E_NPM_CACHE)) await fillE2eCache();
  await cacheProbePackage(E2E_NPM_CACHE);
}

async function fillE2eCache(): Promise<void> {
  fs.mkdirSync(path.dirname(E2E_NPM_CACHE), { recursive: true });
  const filling = fs.mkdtempSync(`${E2E_NPM_CACHE}.filling-`);
  try {
    // A process of its own under tsx: the corpus's package list reads code with Sucrase, whose ESM build
    // Playwright's loader cannot import (directory imports).
    const fill = spawnSync(process.execPath, ['--import', 'tsx', SANDPACK_CACHE_SCRIPT], {
      stdio: 'inherit',
      env: { ...process.env, ROOM_NPM_CACHE: filling },
    });
    if (fill.status !== 0)
      throw new Error(`npm run sandpack:cache into ${filling} failed (${fill.status ?? fill.signal})`);
    fs.mkdirSync(E2E_NPM_CACHE, { recursive: true, mode: 0o700 });
    for (const part of PARTS) {
      fs.rmSync(path.join(E2E_NPM_CACHE, part), { recursive: true, force: true });
      fs.renameSync(path.join(filling, part), path.join(E2E_NPM_CACHE, part));
    }
  } finally {
    fs.rmSync(filling, { recursive: true, force: true });
  }
}
