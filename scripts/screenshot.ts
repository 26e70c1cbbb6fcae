import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ensureBuilt } from '../build/ensureBuilt.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test-support/chromium.ts';
import { spawnServer } from '../test-support/spawnServer.ts';

/**
 * `npm run screenshot`: the Demo room's launcher (docs/launcher.png), in four views (docs/launcher-1280-light.png,
 * -1280-dark, -390-light, -390-dark), its app menu (docs/app-menu.png), an approval card (docs/approval-card.png)
 * and an update's card (docs/update-card.png).
 */
const token = 'screenshot-owner-token-0123456789';
const LUNCH_POLL = {
  'src/App.tsx': [
    "import { useStoredState } from '@room/sdk';",
    "import { options } from './options.ts';",
    '',
    'export default function App() {',
    "  const [votes, setVotes] = useStoredState<Record<string, number>>('votes', {});",
    '  return (',
    '    <ul>',
    '      {options.map((o) => (',
    '        <li key={o}>',
    '          <button onClick={() => setVotes({ ...votes, [o]: (votes[o] ?? 0) + 1 })}>{o}</button> {votes[o] ?? 0}',
    '        </li>',
    '      ))}',
    '    </ul>',
    '  );',
    '}',
    '',
  ].join('\n'),
  'src/options.ts': "export const options = ['Tacos', 'Ramen', 'Salad'];\n",
};
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

  // The four views the launcher is checked in: wide and phone-sized, light and dark.
  const launcherUrl = page.url();
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme });
      await context.addCookies(await page.context().cookies());
      const view = await context.newPage();
      await view.goto(launcherUrl);
      await view.frameLocator('iframe[title="Standup timer"]').getByText('Now speaking:').waitFor();
      const file = `docs/launcher-${width}-${colorScheme}.png`;
      await view.screenshot({ path: file });
      await context.close();
      console.log(`Wrote ${file}`);
    }
  }

  // The app menu over the demo, once the timer keeps an edited team on this device.
  const timer = page.frameLocator('iframe[title="Standup timer"]');
  await timer.getByLabel("Teammate's name").fill('Sam');
  await timer.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('button', { name: 'App menu' }).click();
  const menu = page.getByRole('dialog', { name: 'About Standup timer' });
  await menu.getByText('in 1 key').waitFor();
  await page.screenshot({ path: 'docs/app-menu.png' });
  await menu.getByRole('button', { name: 'Close' }).click();
  console.log('Wrote docs/app-menu.png');

  const roomId = new URL(page.url()).pathname.split('/')[2] as string;
  const proposed = await page.request.post(`${server.url}/api/rooms/${roomId}/proposals`, {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Lunch poll', files: LUNCH_POLL, idempotency_key: 'screenshot-lunch-poll' },
  });
  if (!proposed.ok()) throw new Error(`proposing failed: ${await proposed.text()}`);
  await page.goto(`${server.url}/rooms/${roomId}/review`);
  const card = page.getByRole('article', { name: 'Lunch poll' });
  await card.getByRole('heading', { name: 'Review all proposed files (2)' }).waitFor();
  await card.locator('.hljs-keyword').first().waitFor();
  await card.screenshot({ path: 'docs/approval-card.png' });
  console.log('Wrote docs/approval-card.png');

  // An update of the demo's timer: one changed line and one new file, reviewed as a diff.
  const auth = { authorization: `Bearer ${token}` };
  const room = (await (
    await page.request.get(`${server.url}/api/rooms/${roomId}`, { headers: auth })
  ).json()) as {
    apps: { id: string; name: string }[];
  };
  const timerId = room.apps.find((a) => a.name === 'Standup timer')?.id;
  const current = (await (
    await page.request.get(`${server.url}/api/rooms/${roomId}/apps/${timerId}/files`, { headers: auth })
  ).json()) as { files: Record<string, string> };
  const updated = await page.request.post(`${server.url}/api/rooms/${roomId}/proposals`, {
    headers: auth,
    data: {
      name: 'Standup timer',
      files: {
        ...current.files,
        'src/App.tsx': current.files['src/App.tsx']?.replace('SECONDS_EACH = 90;', 'SECONDS_EACH = 120;'),
        'src/tips.ts': "export const tips = ['Yesterday', 'Today', 'Blockers'];\n",
      },
      idempotency_key: 'screenshot-timer-update',
    },
  });
  if (!updated.ok()) throw new Error(`proposing the update failed: ${await updated.text()}`);
  await page.reload();
  const update = page.getByRole('article', { name: 'Standup timer' });
  await update.locator('.diff-add .hljs-number').first().waitFor();
  await update.screenshot({ path: 'docs/update-card.png' });
  console.log('Wrote docs/update-card.png');
} finally {
  await browser.close();
  await server.stop();
}
