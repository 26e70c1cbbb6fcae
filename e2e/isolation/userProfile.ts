import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test-support/chromium.ts';

/** Where a row runs: Playwright's fresh context (incognito-like), or a normal user's profile on disk. */
export type Profile = 'fresh' | 'user';

/**
 * The Sandpack rows' profiles: a user's profile grants a cross-site frame storage and service workers (the
 * stronger attacker); fresh contexts block them. `npm test` runs the user profile; `npm run test:isolation` both.
 */
export const SANDPACK_PROFILES: Profile[] = process.env.ROOM_E2E_FULL ? ['fresh', 'user'] : ['user'];

/**
 * A persistent Chromium profile as most users have it: third-party cookies and storage allowed
 * (Playwright's fresh contexts block them, which hid attacks that need a bundler frame's own storage).
 */
export async function launchUserProfile(
  baseURL: string,
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-profile-'));
  fs.mkdirSync(path.join(dir, 'Default'));
  // Written before launch: Chromium reads the cookie controls from the profile's Preferences.
  fs.writeFileSync(
    path.join(dir, 'Default', 'Preferences'),
    JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }),
  );
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL,
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * What a cross-site iframe (`probe.localhost` under a `127.0.0.1` page) gets from `localStorage` and
 * `navigator.serviceWorker.register` in `context`: "stored" and "registered" when third-party storage is allowed.
 */
export async function thirdPartyStorage(
  context: BrowserContext,
): Promise<{ storage: string; worker: string }> {
  const server = http.createServer((req, res) => {
    if (req.url === '/worker.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end('self.onfetch = () => {};');
      return;
    }
    const port = (server.address() as AddressInfo).port;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      req.url === '/top'
        ? `<iframe src="http://probe.localhost:${port}/inner"></iframe>`
        : `<script>
const out = {};
try { localStorage.setItem('k', 'stored'); out.storage = localStorage.getItem('k'); } catch (e) { out.storage = e.name; }
navigator.serviceWorker.register('/worker.js').then(() => 'registered', (e) => e.name)
  .then((w) => { out.worker = w; document.title = JSON.stringify(out); });
</script>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const page = await context.newPage();
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/top`);
    const inner = page.frames()[1];
    if (!inner) throw new Error('the cross-site iframe did not load');
    await inner.waitForFunction(() => document.title !== '', undefined, { timeout: 10_000 });
    return JSON.parse(await inner.title()) as { storage: string; worker: string };
  } finally {
    await page.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
