import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as httpRequest } from '@playwright/test';
import { type RunningServer, spawnServer } from '../test-support/spawnServer.ts';
import { E2E_OWNER_TOKEN, E2E_PORT } from './env.ts';
import { expect, test } from './fixtures.ts';
import { approveApp, createRoom, textApp } from './rooms.ts';

// `npm run dev`: the server plus Vite's dev server (React's development build, StrictMode's double
// effects) on ports of their own beside the suite's server.
const SERVER_PORT = E2E_PORT + 10;
const DEV_PORT = E2E_PORT + 11;
const devOrigin = `http://127.0.0.1:${DEV_PORT}`;
let server: RunningServer;
let vite: ChildProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-dev-e2e-'));
  server = await spawnServer({
    PORT: String(SERVER_PORT),
    ROOM_DATA_DIR: dataDir,
    ROOM_OWNER_TOKEN: E2E_OWNER_TOKEN,
    ROOM_DEMO: '0',
    ROOM_DEV_ORIGIN: devOrigin,
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(SERVER_PORT),
    ROOM_DEV_PORT: String(DEV_PORT),
  };
  delete env.NODE_ENV;
  vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env,
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(devOrigin).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 60_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  vite?.kill('SIGTERM');
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('under the development build, pages sharing one event stream miss no event, through a hand-over', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const api = await httpRequest.newContext({ baseURL: server.url });
  const roomId = await createRoom(api, `Dev ${Date.now()}`);
  const context = await browser.newContext({ baseURL: devOrigin });
  const first = await context.newPage();
  // The sign-in link is the server's; through the dev server a person pastes the token.
  await first.goto('/');
  await first.getByLabel('Token').fill(E2E_OWNER_TOKEN);
  await first.getByRole('button', { name: 'Sign in' }).click();
  await expect(first.getByRole('heading', { name: 'Your rooms' })).toBeVisible({ timeout: 60_000 });
  // The development build: React's dev bundle is served by Vite, not the production one.
  expect(await first.evaluate(() => !!document.querySelector('script[src="/@vite/client"]'))).toBe(true);
  await first.goto(`/rooms/${roomId}`);
  const second = await context.newPage();
  await second.goto(`/rooms/${roomId}`);
  await expect(second.getByText('No apps in this room yet.')).toBeVisible({ timeout: 30_000 });

  await approveApp(api, roomId, 'Dev one', textApp('Dev one'));
  for (const page of [first, second])
    await expect(page.getByRole('tab', { name: 'Dev one' })).toBeVisible({ timeout: 15_000 });

  await first.close();
  await approveApp(api, roomId, 'Dev two', textApp('Dev two'));
  await expect(second.getByRole('tab', { name: 'Dev two' })).toBeVisible({ timeout: 15_000 });
  await context.close();
  await api.dispose();
});
