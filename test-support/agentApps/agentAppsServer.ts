import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, request } from '@playwright/test';
import { requestApi } from '../proposeApp.ts';
import { type RunningServer, spawnServer } from '../spawnServer.ts';
import type { AgentAppServer } from './runAgentApp.ts';

const TOKEN = 'agent-apps-owner-token-0123456789';
const APPROVAL_MS = 180_000;
/** Where the corpus's `network` apps find their API and images (fixed: the apps name them in `room.json`). */
export const AGENT_API_PORT = 5697;
export const AGENT_IMAGES_PORT = 5698;

const LOOPBACK = /^(127\.0\.0\.1|localhost|[a-z0-9-]+\.localhost|\[::1\])$/;

/** A real server for the corpus and a person's signed-in browser context on it. */
export interface AgentAppsRun extends AgentAppServer {
  context: BrowserContext;
  /** Requests that tried to leave loopback (aborted): the app's, or a new tab's. */
  outside: string[];
  close: () => Promise<void>;
}

/**
 * Starts the server offline over `npmCache` with package pre-bundling on (each approval builds its app's
 * bundle), and a context in `browser` signed in as the owner, whose egress is aborted and counted, that
 * accepts downloads and may read the clipboard on the launcher's origin only (the person's own clipboard).
 */
export async function startAgentAppsRun(
  browser: Browser,
  port: number,
  npmCache: string,
): Promise<AgentAppsRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-agent-apps-'));
  const server: RunningServer = await spawnServer({
    PORT: String(port),
    ROOM_DATA_DIR: dataDir,
    ROOM_OWNER_TOKEN: TOKEN,
    ROOM_DEMO: '0',
    ROOM_NPM_CACHE: npmCache,
    ROOM_NPM_OFFLINE: '1',
    ROOM_PACKAGE_BUNDLES: '1',
    // The `network` apps declare the loopback API the run serves (AGENT_API below).
    ROOM_NETWORK_ALLOW_LOOPBACK: '1',
  });
  const base = server.url;
  // An approval builds the app's bundle: on a busy machine that can pass Playwright's default 30 s.
  const http = await request.newContext({ baseURL: base, timeout: APPROVAL_MS });
  const context = await browser.newContext({ acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  const outside: string[] = [];
  await context.route('**', (route) => {
    const url = new URL(route.request().url());
    if (LOOPBACK.test(url.hostname)) return route.continue();
    outside.push(url.href);
    return route.abort();
  });
  const signIn = await context.newPage();
  await signIn.goto(`${base}/?token=${TOKEN}`);
  await signIn.getByRole('heading', { name: 'Your rooms' }).waitFor();
  await signIn.close();
  return {
    base,
    api: requestApi(http, TOKEN),
    context,
    outside,
    close: async () => {
      await context.close();
      await http.dispose();
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
