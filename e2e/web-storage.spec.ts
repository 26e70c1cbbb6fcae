import type { Page } from '@playwright/test';
import { approveProposal, proposeApp } from '../test-support/proposeApp.ts';
import { expect, test } from './fixtures.ts';
import { createRoom } from './rooms.ts';
import { ARTIFACT_APP, visitCounter } from './webStorageApps.ts';

// Another tab hears of a write once it committed (strict durability): allow for a busy disk.
const LIVE = { timeout: 15_000 };
const COUNTER = 'Visit counter';
const frameOf = (page: Page, name = COUNTER) => page.frameLocator(`iframe[title="${name}"]:not([hidden])`);

test('localStorage keeps a visit count across reloads and an app update; a second launcher hears each write', async ({
  owner,
  ownerPage: page,
  request,
}) => {
  test.setTimeout(90_000);
  const roomId = await createRoom(request, `Web storage ${Date.now()}`);
  const v1 = await proposeApp(owner, roomId, { name: COUNTER, files: { 'src/App.tsx': visitCounter('v1') } });
  const app = await approveProposal(owner, roomId, v1.id);

  await page.goto(`/rooms/${roomId}?app=${app.id}`);
  await expect(frameOf(page).getByTestId('visits')).toHaveText('Visit 1', LIVE);
  // sessionStorage is the frame's: a new frame starts without it.
  await expect(frameOf(page).getByTestId('session')).toHaveText('Session: null 1');
  // Written on the module's first line, then the person reloads at once: the write is kept.
  await page.reload();
  await expect(frameOf(page).getByTestId('visits')).toHaveText('Visit 2', LIVE);
  await expect(frameOf(page).getByTestId('session')).toHaveText('Session: null 1');

  const v2 = await proposeApp(owner, roomId, { name: COUNTER, files: { 'src/App.tsx': visitCounter('v2') } });
  await approveProposal(owner, roomId, v2.id);
  await page.reload();
  await expect(frameOf(page).getByRole('heading', { name: 'v2' })).toBeVisible(LIVE);
  await expect(frameOf(page).getByTestId('visits')).toHaveText('Visit 3');

  // A second launcher on the same app: each hears the other's write as a `storage` event.
  const other = await page.context().newPage();
  await other.goto(`/rooms/${roomId}?app=${app.id}`);
  await expect(frameOf(other).getByTestId('visits')).toHaveText('Visit 4', LIVE);
  await expect(frameOf(page).getByTestId('heard')).toHaveText('Heard: visits=4 was 3 here', LIVE);
  await frameOf(page).getByRole('button', { name: 'Write note' }).click();
  const first = (await frameOf(page).getByTestId('note').textContent())?.replace('Note: ', '');
  await expect(frameOf(other).getByTestId('heard')).toHaveText(`Heard: note=${first} was null here`, LIVE);
  await expect(frameOf(other).getByTestId('note')).toHaveText(`Note: ${first}`);
  // Last writer wins per key.
  await frameOf(other).getByRole('button', { name: 'Write note' }).click();
  const last = (await frameOf(other).getByTestId('note').textContent())?.replace('Note: ', '');
  await expect(frameOf(page).getByTestId('note')).toHaveText(`Note: ${last}`, LIVE);
  await other.close();
  await page.reload();
  await expect(frameOf(page).getByTestId('note')).toHaveText(`Note: ${last}`, LIVE);

  // 5 MiB in UTF-16 code units: past it setItem and property sets throw QuotaExceededError, nothing kept.
  await frameOf(page).getByRole('button', { name: 'Fill' }).click();
  await expect(frameOf(page).getByTestId('out')).toHaveText(
    'QuotaExceededError true property QuotaExceededError kept 2',
  );

  // The App menu counts localStorage; "Clear app data" empties it: the count starts again.
  await page.getByRole('button', { name: 'App menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByTestId('app-data-usage')).toContainText('in 2 keys');
  await menu.getByRole('button', { name: 'Clear app data' }).click();
  await menu.getByRole('button', { name: 'Confirm clear' }).click();
  await expect(menu.getByTestId('app-data-usage')).toContainText('in 0 keys');
  await expect(frameOf(page).getByTestId('heard')).toHaveText('Heard: null=null was null here', LIVE);
  await menu.getByRole('button', { name: 'Close' }).click();
  await page.reload();
  await expect(frameOf(page).getByTestId('visits')).toHaveText('Visit 1', LIVE);
});

test("a Claude artifact's window.storage stores and lists values, and refuses shared storage", async ({
  owner,
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Artifact storage ${Date.now()}`);
  const proposal = await proposeApp(owner, roomId, {
    name: 'Artifact list',
    files: { 'src/App.tsx': ARTIFACT_APP },
  });
  const app = await approveProposal(owner, roomId, proposal.id);
  await page.goto(`/rooms/${roomId}?app=${app.id}`);
  const frame = frameOf(page, 'Artifact list');
  const out = frame.getByTestId('out');
  const press = async (name: string, expected: string) => {
    await frame.getByRole('button', { name, exact: true }).click();
    await expect(out).toHaveText(expected, LIVE);
  };
  await press(
    'Store',
    'ok [{"key":"todo:1","value":"milk","shared":false},{"key":"todo:2","value":"eggs","shared":false},{"key":"other","value":"x","shared":false}]',
  );
  await press('List', 'ok {"keys":["todo:1","todo:2"],"prefix":"todo:","shared":false}');
  await press('Get', 'ok {"key":"todo:2","value":"eggs","shared":false}');
  await press('Get missing', 'ok null');
  await press('Delete', 'ok {"key":"todo:1","deleted":true,"shared":false}');
  await press(
    'Set number',
    'error true window.storage.set takes a string value, not number: store JSON.stringify(value)',
  );
  const refusal =
    "error true window.storage keeps personal data only: shared storage is not available, since Room app data stays on each person's device";
  await press('Share', refusal);
  await press('List shared', refusal);
  // Kept on the device: a reload lists what is left.
  await page.reload();
  await press('List', 'ok {"keys":["todo:2"],"prefix":"todo:","shared":false}');
  await page.getByRole('button', { name: 'App menu' }).click();
  await expect(page.getByRole('dialog').getByTestId('app-data-usage')).toContainText('in 2 keys');
});
