import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.ts';
import { E2E_DATA_DIR, E2E_NPM_CACHE, E2E_OWNER_TOKEN, E2E_PORT } from './e2e/env.ts';

export default defineConfig({
  testDir: 'e2e',
  // Fills the Sandpack npm cache when a fresh clone has none, so `npm test` needs no step before it.
  globalSetup: './e2e/globalSetup.ts',
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  // Rows that assert the launcher never stalls run alone, after the rest: on 2 cores a neighbour's test
  // starves the launcher's renderer, which is the machine, not the product.
  projects: [
    { name: 'e2e', testIgnore: /isolation\/exhaustion\.spec\.ts/ },
    { name: 'alone', testMatch: /isolation\/exhaustion\.spec\.ts/, dependencies: ['e2e'] },
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
    },
  },
});
