import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { cacheIsFilled } from '../server/npm/fillCache.ts';
import { type RunningServer, spawnServer } from '../test-support/spawnServer.ts';
import { E2E_NPM_CACHE } from './env.ts';

const LOOPBACK = /^(127\.0\.0\.1|localhost|[a-z0-9-]+\.localhost|\[::1\])$/;

/** Aborts and counts every request whose host is not loopback. */
export async function blockEgress(context: BrowserContext): Promise<string[]> {
  const outside: string[] = [];
  await context.route('**', (route) => {
    const url = new URL(route.request().url());
    if (LOOPBACK.test(url.hostname)) return route.continue();
    outside.push(url.href);
    return route.abort();
  });
  return outside;
}

export interface OwnServerOptions {
  /** Added to E2E_PORT: each spec file's server has a port of its own. */
  portOffset: number;
  token: string;
  /** Prefix of its temporary data folder. */
  name: string;
  /** Settings beyond the offline npm cache (`ROOM_PACKAGE_BUNDLES`…). */
  env?: Record<string, string>;
}

/**
 * A server of the spec file's own, offline over the npm cache the e2e global setup fills: started before
 * the file's first test, stopped after its last, with the owner's API calls and sign-in on it.
 */
export function ownServer({ portOffset, token, name, env = {} }: OwnServerOptions) {
  const port = Number(process.env.E2E_PORT ?? 5179) + portOffset;
  const base = `http://127.0.0.1:${port}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let server: RunningServer | undefined;

  test.beforeAll(async () => {
    // A server start on a busy machine can pass the default 30 s.
    test.setTimeout(60_000);
    if (!cacheIsFilled(E2E_NPM_CACHE))
      throw new Error(
        `No npm cache at ${E2E_NPM_CACHE}: the e2e global setup fills it (or npm run sandpack:cache)`,
      );
    server = await spawnServer({
      PORT: String(port),
      ROOM_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `room-${name}-`)),
      ROOM_OWNER_TOKEN: token,
      ROOM_DEMO: '0',
      ROOM_NPM_CACHE: E2E_NPM_CACHE,
      ROOM_NPM_OFFLINE: '1',
      ...env,
    });
  });
  test.afterAll(async () => server?.stop());

  /** One owner's API call: its status and JSON body. */
  async function call(method: string, url: string, body?: unknown) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  }

  /** A new room and the app proposed in it; the answer as it came. */
  async function propose(appName: string, files: Record<string, string>) {
    const roomId = (await call('POST', '/api/rooms', { name: `Room ${appName}` })).body.room.id as string;
    const res = await call('POST', `/api/rooms/${roomId}/proposals`, {
      name: appName,
      files,
      idempotency_key: `${name}-${appName}-${Date.now()}`,
    });
    return { roomId, res };
  }

  /** The page signs in as the owner, through the token link. */
  async function signIn(page: Page) {
    await page.goto(`${base}/?token=${token}`);
    await expect(page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
  }

  return { port, base, call, propose, signIn };
}
