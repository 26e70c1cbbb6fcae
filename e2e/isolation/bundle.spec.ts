import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cacheIsFilled } from '../../server/npm/fillCache.ts';
import { spawnServer } from '../../test-support/spawnServer.ts';
import { E2E_NPM_CACHE, E2E_PORT } from '../env.ts';
import { defineRowTests } from './defineRowTests.ts';
import { rowsIn } from './matrix.ts';

// The shared server builds no bundles (its Sandpack rows need Sandpack): these rows get a server that does.
const PORT = E2E_PORT + 3;
const TOKEN = 'isolation-bundle-owner-token-0123';

async function startBundleServer() {
  if (!cacheIsFilled(E2E_NPM_CACHE))
    throw new Error(`No npm cache at ${E2E_NPM_CACHE}: the e2e global setup fills it`);
  const running = await spawnServer({
    PORT: String(PORT),
    ROOM_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'room-iso-bundle-')),
    ROOM_OWNER_TOKEN: TOKEN,
    ROOM_DEMO: '0',
    // The hostile package and date-fns come from the filled cache; nothing is fetched.
    ROOM_NPM_CACHE: E2E_NPM_CACHE,
    ROOM_NPM_OFFLINE: '1',
    ROOM_PACKAGE_BUNDLES: '1',
  });
  return { server: { shell: running.url, port: PORT, ownerToken: TOKEN }, stop: () => running.stop() };
}

// A user's profile grants a cross-site frame storage (the stronger attacker); `npm test` runs fresh contexts.
defineRowTests(
  'bundle',
  rowsIn(['bundle']),
  process.env.ROOM_E2E_FULL ? ['fresh', 'user'] : ['fresh'],
  startBundleServer,
);
