import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { spawnServer } from '../e2e/spawnServer.ts';
import { ensureBuilt } from './build.ts';

/** `npm run screenshot`: the Demo room's launcher as a person sees it, into docs/launcher.png. */
const token = 'screenshot-owner-token-0123456789';
const port = process.env.SCREENSHOT_PORT ?? '5197';
await ensureBuilt({ log: console.log });
const server = await spawnServer({
  PORT: port,
  ROOM_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'room-shot-')),
  ROOM_OWNER_TOKEN: token,
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 640 } });
  await page.goto(`${server.url}/?token=${token}`);
  await page.getByRole('link', { name: 'Demo room' }).click();
  await page.frameLocator('iframe[title="Standup timer"]').getByText('Now speaking:').waitFor();
  fs.mkdirSync('docs', { recursive: true });
  await page.screenshot({ path: 'docs/launcher.png' });
  console.log('Wrote docs/launcher.png');
} finally {
  await browser.close();
  await server.stop();
}
