import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { type RunningServer, spawnServer } from '../test-support/spawnServer.ts';
import { type RunningNginx, startNginx } from '../test-support/startNginx.ts';

// A server deployed as the README's Deployment section says: its own shell host and a frame domain of its
// own (Chromium resolves *.localhost to loopback), behind Debian's nginx running deploy/nginx.conf.
// The server on DEPLOY_PORT, nginx on the next port.
const PORT = Number(process.env.DEPLOY_PORT ?? 5198);
const PROXY = PORT + 1;
const TOKEN = 'deploy-owner-token-0123456789';
const SHELL = `http://shell.localhost:${PROXY}`;

test.describe.configure({ timeout: 90_000 });

let server: RunningServer | undefined;
let nginx: RunningNginx | undefined;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-deploy-'));
  server = await spawnServer(
    {
      PORT: String(PORT),
      ROOM_DATA_DIR: dataDir,
      ROOM_OWNER_TOKEN: TOKEN,
      ROOM_PUBLIC_URL: SHELL,
      ROOM_FRAME_URL: `http://{app}.apps.localhost:${PROXY}`,
      ROOM_SANDPACK_URL: `http://{app}-sp.apps.localhost:${PROXY}`,
      ROOM_TRUSTED_PROXIES: '127.0.0.1',
    },
    { isolated: true, timeoutMs: 80_000 },
  );
  nginx = await startNginx(PROXY, [PORT]);
});

test.afterAll(async () => {
  await nginx?.stop();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the launcher runs end to end on its own shell host with app frames on a frame domain of their own', async ({
  page,
}) => {
  await page.goto(`${SHELL}/?token=${TOKEN}`);
  await expect(page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
  await page.getByRole('link', { name: /Demo room/ }).click();
  const tablist = page.getByRole('tablist', { name: 'Apps' });
  await tablist.getByRole('tab', { name: 'Standup timer' }).click();
  const iframe = page.locator('iframe[title="Standup timer"]');
  const src = new URL((await iframe.getAttribute('src')) as string);
  expect(src.hostname).toMatch(/^[a-z0-9-]+\.apps\.localhost$/);
  expect(src.port).toBe(String(PROXY));
  const frame = page.frameLocator('iframe[title="Standup timer"]');
  await expect(frame.getByRole('heading', { name: 'Standup timer' })).toBeVisible();
  await frame.getByRole('button', { name: 'Next' }).click();
  await expect(frame.getByText('Grace', { exact: true }).first()).toBeVisible();
});

test("the shell's assets are hashed and cacheable for a year (a CDN may keep them); its page is revalidated", async ({
  request,
}) => {
  // Node does not resolve *.localhost as Chromium does: loopback, with the shell's Host.
  const viaProxy = (pathname: string) =>
    request.get(`http://127.0.0.1:${PROXY}${pathname}`, { headers: { host: new URL(SHELL).host } });
  const index = await viaProxy('/');
  expect(index.headers()['cache-control']).toBe('no-cache');
  const assets = [...(await index.text()).matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    // Vite names each file by its content's hash.
    expect(asset).toMatch(/-[A-Za-z0-9_-]{8}\.(js|css)$/);
    const res = await viaProxy(asset as string);
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
});

test('a host that is neither the shell nor the frame domain is refused through the proxy', async ({
  request,
}) => {
  const res = await request.get(`http://127.0.0.1:${PROXY}/api/rooms`, {
    headers: { host: `elsewhere.localhost:${PROXY}`, authorization: `Bearer ${TOKEN}` },
  });
  expect(res.status()).toBe(421);
});
