import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { E2E_DATA_DIR, E2E_NPM_CACHE, E2E_OWNER_TOKEN, E2E_PORT } from './e2e/env.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test-support/chromium.ts';

// The meta suite's Sandpack case runs here too (metaSandpack): a bundler start beside K2 stalled the launcher past 500 ms.
const SANDPACK_SPECS =
  /(^|\/)(e2e\/sandpack|e2e\/packages|isolation\/sandpack|isolation\/metaSandpack)\.spec\.ts$/;
// The stall rows (the Sandpack floods among them), the meta case that floods without budgets, and the
// specs that time the launcher (a Sandpack start beside them measured 626 ms and 3.3 s stalls on 2 cores).
const ALONE_SPECS = /(^|\/)(isolation\/exhaustion|isolation\/metaAlone|runtimeStall|review-stall)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  // Fills the Sandpack npm cache when a fresh clone has none, so `npm test` needs no step before it.
  globalSetup: './e2e/globalSetup.ts',
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // One per core, and two at least: the Sandpack project keeps one worker to itself.
  workers: Math.max(2, os.availableParallelism()),
  timeout: 30_000,
  // The JSON report feeds `npm run test:times`; the console gets the list.
  reporter: [
    ['list'],
    ...(process.env.CI ? [['github'] as const] : []),
    ['json', { outputFile: '.test-times/playwright.json' }],
  ],
  // Rows that assert the launcher never stalls run alone, after the rest: on 2 cores a neighbour's test
  // starves the launcher's renderer, which is the machine, not the product.
  // Sandpack starts (a bundler installing ~160 packages in the page) run one at a time: two at once beside
  // other tests stalled them past their limits on 2 cores. One start beside one other test is fine, so the
  // Sandpack project runs on one worker while the e2e tests share the rest; listed first, its files are
  // first in Playwright's queue, so its one-at-a-time chain starts at once instead of trailing the rest.
  projects: [
    { name: 'sandpack', testMatch: SANDPACK_SPECS, workers: 1 },
    { name: 'e2e', testIgnore: [ALONE_SPECS, SANDPACK_SPECS] },
    // One at a time: M4 beside a spinning or memory-bombing row measured 557-645 ms stalls in a clean-clone run.
    { name: 'alone', testMatch: ALONE_SPECS, workers: 1, dependencies: ['e2e', 'sandpack'] },
  ],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'on-first-retry',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && tsx server/main.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      ROOM_DATA_DIR: E2E_DATA_DIR,
      ROOM_OWNER_TOKEN: E2E_OWNER_TOKEN,
      ROOM_SKIP_BUILD: '1',
      // The suite's own speed must not decide its result: the limit itself is tested in the domain tests.
      ROOM_PROPOSALS_PER_MINUTE: '1000000',
      // Sandpack apps resolve and install offline from the cache the global setup fills.
      ROOM_NPM_CACHE: E2E_NPM_CACHE,
      ROOM_NPM_OFFLINE: '1',
      // The Sandpack specs and rows run their date-fns apps in Sandpack; e2e/packages.spec.ts has its own server.
      ROOM_PACKAGE_BUNDLES: '0',
      // e2e/oauthCimd.spec.ts serves its client metadata document from this machine.
      ROOM_OAUTH_CIMD_ALLOW_LOOPBACK: '1',
      // Apps may declare the loopback test APIs the network specs and rows serve (never this server's port).
      ROOM_NETWORK_ALLOW_LOOPBACK: '1',
    },
  },
});
