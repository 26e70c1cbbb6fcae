import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test-support/chromium.ts';
import { E2E_OWNER_TOKEN, E2E_PORT } from './env.ts';
import { expect, test } from './fixtures.ts';
import { addProbe, logRequests, newRoom, openProbe } from './storageProbe.ts';

// Another tab hears of a write once it committed (strict durability): allow for a busy disk.
const CROSS_TAB = { timeout: 15_000 };
const marker = (label: string) => `${label}-${Math.random().toString(36).slice(2)}`;

async function signIn(page: Page) {
  await page.goto(`/?token=${E2E_OWNER_TOKEN}`);
  await expect(page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
}

/** What the launcher's IndexedDB holds for one app, read in the shell's page. */
function storedKeys(page: Page, roomId: string, appId: string): Promise<string[]> {
  return page.evaluate(
    ([room, app]) =>
      new Promise<string[]>((resolve, reject) => {
        // Each app has a database of its own (runtime/host/storage/storageDb.ts appDbName).
        const open = indexedDB.open(
          `room-app-storage/${encodeURIComponent(room as string)}/${encodeURIComponent(app as string)}`,
        );
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          // No such database (the launcher dropped it): opening it made an empty one, which goes again.
          if (!db.objectStoreNames.contains('records')) {
            db.close();
            indexedDB.deleteDatabase(db.name);
            return resolve([]);
          }
          const req = db
            .transaction('records')
            .objectStore('records')
            .getAllKeys(IDBKeyRange.bound([room, app], [room, app, []]));
          req.onsuccess = () => {
            db.close();
            resolve((req.result as string[][]).map((k) => k[2] as string));
          };
        };
      }),
    [roomId, appId],
  );
}

test('a value survives a page reload and a browser restart; nothing stored leaves the browser', async ({
  request,
}) => {
  const roomId = await newRoom(request, `Durable ${Date.now()}`);
  const { appId } = await addProbe(request, roomId, 'Durable probe');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-storage-profile-'));
  const launch = () =>
    chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL: `http://127.0.0.1:${E2E_PORT}`,
    });
  const value = marker('durable');
  const note = marker('note');
  try {
    let context = await launch();
    const firstLog = logRequests(context);
    let page = context.pages()[0] ?? (await context.newPage());
    await signIn(page);
    let probe = await openProbe(page, roomId, appId, 'Durable probe');
    expect(await probe.run('Set', { key: 'k', value })).toBe('set: ok undefined');
    await probe.frame.getByLabel('Value').fill(note);
    await probe.frame.getByRole('button', { name: 'Save note' }).click();
    await expect(probe.note()).toHaveText(`note=${note}`);

    await page.reload();
    probe = await openProbe(page, roomId, appId, 'Durable probe');
    expect(await probe.run('Get', { key: 'k' })).toBe(`get: ok "${value}"`);
    await expect(probe.note()).toHaveText(`note=${note}`);
    expect(firstLog.count()).toBeGreaterThan(5);
    expect(firstLog.leaking(value)).toEqual([]);
    expect(firstLog.leaking(note)).toEqual([]);
    await context.close();

    context = await launch();
    const secondLog = logRequests(context);
    page = context.pages()[0] ?? (await context.newPage());
    await signIn(page);
    probe = await openProbe(page, roomId, appId, 'Durable probe');
    await expect(probe.note()).toHaveText(`note=${note}`);
    expect(await probe.run('Get', { key: 'k' })).toBe(`get: ok "${value}"`);
    expect(await probe.run('Keys')).toBe('keys: ok ["k","note"]');
    expect(secondLog.leaking(value)).toEqual([]);
    expect(secondLog.leaking(note)).toEqual([]);
    await context.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("app B never sees app A's keys, in the same room and across rooms", async ({
  ownerPage: page,
  request,
}) => {
  // Four page loads, each compiling a probe: on two busy cores they alone outlasted 30 s (a fill cut off mid-way).
  test.setTimeout(90_000);
  const log = logRequests(page.context());
  const room1 = await newRoom(request, `Isolated ${Date.now()}`);
  const room2 = await newRoom(request, `Elsewhere ${Date.now()}`);
  const a = await addProbe(request, room1, 'Probe A');
  const b = await addProbe(request, room1, 'Probe B');
  const c = await addProbe(request, room2, 'Probe C');
  const secret = marker('a-secret');

  let probe = await openProbe(page, room1, a.appId, 'Probe A');
  expect(await probe.run('Set', { key: 'shared', value: secret })).toBe('set: ok undefined');

  probe = await openProbe(page, room1, b.appId, 'Probe B');
  expect(await probe.run('Get', { key: 'shared' })).toBe('get: ok undefined');
  expect(await probe.run('Keys')).toBe('keys: ok []');
  expect(await probe.run('Set', { key: 'shared', value: 'b-own' })).toBe('set: ok undefined');
  expect(await probe.run('Clear')).toBe('clear: ok undefined');

  probe = await openProbe(page, room2, c.appId, 'Probe C');
  expect(await probe.run('Get', { key: 'shared' })).toBe('get: ok undefined');
  expect(await probe.run('Keys')).toBe('keys: ok []');

  probe = await openProbe(page, room1, a.appId, 'Probe A');
  // Tells a lost record (the launcher's database) from a frame that read another key (CI saw undefined twice).
  expect(await storedKeys(page, room1, a.appId)).toEqual(['shared']);
  const iframe = page.locator('iframe[title="Probe A"]');
  await iframe.evaluate((el) => el.setAttribute('data-test-mark', 'in use'));
  const got = await probe.run('Get', { key: 'shared' });
  // Tells a frame replaced while in use (its input back to 'k') from a read that found nothing.
  await expect(iframe, 'the frame was replaced while in use').toHaveAttribute('data-test-mark', 'in use');
  expect(got).toBe(`get: ok "${secret}"`);
  expect(log.leaking(secret)).toEqual([]);
});

test('a message posted on the window instead of the port changes nothing', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await newRoom(request, `Forged ${Date.now()}`);
  const a = await addProbe(request, roomId, 'Forger');
  const b = await addProbe(request, roomId, 'Victim');
  let probe = await openProbe(page, roomId, b.appId, 'Victim');
  expect(await probe.run('Set', { key: 'k', value: 'victim-original' })).toBe('set: ok undefined');

  probe = await openProbe(page, roomId, a.appId, 'Forger');
  expect(await probe.run('Set', { key: 'k', value: 'forger-original' })).toBe('set: ok undefined');
  // The forged calls claim the victim's id; the host never listens on the window at all.
  expect(await probe.run('Forge', { key: 'k', value: b.appId })).toBe('forge: ok "posted, replies 0"');
  expect(await probe.run('Get', { key: 'k' })).toBe('get: ok "forger-original"');
  expect(await storedKeys(page, roomId, b.appId)).toEqual(['k']);

  probe = await openProbe(page, roomId, b.appId, 'Victim');
  expect(await probe.run('Get', { key: 'k' })).toBe('get: ok "victim-original"');
});

test('quota, size and invalid values reach the app as rejected Promises with their codes', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await newRoom(request, `Limits ${Date.now()}`);
  const { appId } = await addProbe(request, roomId, 'Limits probe');
  const probe = await openProbe(page, roomId, appId, 'Limits probe');
  expect(await probe.run('Too large')).toBe('large: too_large true');
  expect(await probe.run('Date')).toBe('date: invalid_value true');
  expect(await probe.run('Function')).toBe('function: invalid_value true');
  expect(await probe.run('NaN')).toBe('nan: invalid_value true');
  expect(await probe.run('Empty key')).toBe('badkey: invalid_key true');
  expect(await probe.run('Flood')).toBe('flood: ok "36 rejected, 36 too_many_requests"');
  const bench = await probe.run('Bench');
  const [set, get] = (bench.match(/[\d.]+(?= ms)/g) ?? []).map(Number);
  console.log(`storage round trips (50 each, committed writes): ${bench}`);
  expect(set).toBeLessThan(250);
  expect(get).toBeLessThan(100);
  // Ten values of ~1 MB fit in the 10 MB quota; the eleventh does not.
  const started = Date.now();
  expect(await probe.run('Fill')).toBe('fill: quota_exceeded at 10 true');
  console.log(`ten 1 MB values written, the eleventh refused, in ${Date.now() - started} ms`);
  const keys = await storedKeys(page, roomId, appId);
  expect(keys.filter((k) => k.startsWith('fill-'))).toHaveLength(10);
  expect(keys).not.toContain('big');
  expect(keys).not.toContain('bad');
});

test('the app menu shows who proposed and approved it, its hash and bytes used, and clears its data after confirming', async ({
  ownerPage: page,
  request,
}, testInfo) => {
  const roomId = await newRoom(request, `Menu ${Date.now()}`);
  const { appId, contentSha256 } = await addProbe(request, roomId, 'Menu probe');
  const probe = await openProbe(page, roomId, appId, 'Menu probe');
  await probe.frame.getByLabel('Value').fill('remember me');
  await probe.frame.getByRole('button', { name: 'Save note' }).click();
  await expect(probe.note()).toHaveText('note=remember me');
  expect(await probe.run('Set', { key: 'k', value: 'v' })).toBe('set: ok undefined');

  await page.getByRole('button', { name: 'App menu' }).click();
  const menu = page.getByRole('dialog', { name: 'About Menu probe' });
  await expect(menu).toBeVisible();
  await expect(menu).toContainText('Proposed by');
  await expect(menu).toContainText('Approved by');
  await expect(menu.locator('dd code')).toHaveText(contentSha256);
  // "note" + JSON "remember me" (17) and "k" + JSON "v" (4).
  await expect(menu.getByTestId('app-data-usage')).toHaveText('21 bytes in 2 keys (limit 10 MB)');
  await page.screenshot({ path: testInfo.outputPath('app-menu.png') });
  const { violations } = await new AxeBuilder({ page }).include('dialog').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await menu.getByRole('button', { name: 'Clear app data' }).click();
  await expect(menu).toContainText('Delete everything Menu probe keeps on this device?');
  await menu.getByRole('button', { name: 'Cancel' }).click();
  await expect(menu.getByTestId('app-data-usage')).toHaveText('21 bytes in 2 keys (limit 10 MB)');
  await menu.getByRole('button', { name: 'Clear app data' }).click();
  await menu.getByRole('button', { name: 'Confirm clear' }).click();
  await expect(menu.getByRole('status')).toHaveText('App data cleared on this device.');
  await expect(menu.getByTestId('app-data-usage')).toHaveText('0 bytes in 0 keys (limit 10 MB)');
  await menu.getByRole('button', { name: 'Close' }).click();
  await expect(menu).toBeHidden();
  // The running app re-reads: its stored state falls back to the initial value.
  await expect(probe.note()).toHaveText('note=none');
  expect(await probe.run('Keys')).toBe('keys: ok []');
});

test('two tabs of the same app stay in sync', async ({ ownerPage: page, request }) => {
  const roomId = await newRoom(request, `Sync ${Date.now()}`);
  const { appId } = await addProbe(request, roomId, 'Sync probe');
  const other = await page.context().newPage();
  const one = await openProbe(page, roomId, appId, 'Sync probe');
  const two = await openProbe(other, roomId, appId, 'Sync probe');
  await expect(two.note()).toHaveText('note=none');

  // Input reaches a frame only in the tab in front (a hidden tab has no hit-test data for its frames), as for a person.
  await page.bringToFront();
  await one.frame.getByLabel('Value').fill('from tab one');
  await one.frame.getByRole('button', { name: 'Save note' }).click();
  await expect(two.note()).toHaveText('note=from tab one', CROSS_TAB);

  // A plain storage.set in tab two updates the hook in tab one.
  await other.bringToFront();
  expect(await two.run('Set', { key: 'note', value: 'from tab two' })).toBe('set: ok undefined');
  await expect(one.note()).toHaveText('note=from tab two', CROSS_TAB);

  await other.getByRole('button', { name: 'App menu' }).click();
  await other.getByRole('button', { name: 'Clear app data' }).click();
  await other.getByRole('button', { name: 'Confirm clear' }).click();
  await expect(one.note()).toHaveText('note=none', CROSS_TAB);
  await expect(two.note()).toHaveText('note=none', CROSS_TAB);
  await other.close();
});

test('an app the owner removed loses its data on this device at the next visit; others keep theirs', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await newRoom(request, `Removal ${Date.now()}`);
  const gone = await addProbe(request, roomId, 'Going away');
  const kept = await addProbe(request, roomId, 'Staying');
  let probe = await openProbe(page, roomId, gone.appId, 'Going away');
  expect(await probe.run('Set', { key: 'k', value: 'bye' })).toBe('set: ok undefined');
  probe = await openProbe(page, roomId, kept.appId, 'Staying');
  expect(await probe.run('Set', { key: 'k', value: 'hi' })).toBe('set: ok undefined');
  await page.goto('/');
  expect(await storedKeys(page, roomId, gone.appId)).toEqual(['k']);

  const removed = await request.delete(`/api/rooms/${roomId}/apps/${gone.appId}`, {
    headers: { authorization: `Bearer ${E2E_OWNER_TOKEN}` },
  });
  expect(removed.ok()).toBe(true);
  await page.goto(`/rooms/${roomId}`);
  await expect(page.getByRole('tab', { name: 'Staying' })).toBeVisible();
  await expect.poll(() => storedKeys(page, roomId, gone.appId)).toEqual([]);
  expect(await storedKeys(page, roomId, kept.appId)).toEqual(['k']);
});

test('the Standup timer keeps an edited team on this device', async ({ ownerPage: page, demoRoomId }) => {
  await page.goto(`/rooms/${demoRoomId}`);
  let timer = page.frameLocator('iframe[title="Standup timer"]');
  await timer.getByLabel("Teammate's name").fill('Sam');
  await timer.getByRole('button', { name: 'Add' }).click();
  await timer.getByRole('button', { name: 'Remove Linus' }).click();
  await expect(timer.getByRole('listitem')).toHaveText(['Ada×', 'Grace×', 'Margaret×', 'Tim×', 'Sam×']);
  await page.reload();
  timer = page.frameLocator('iframe[title="Standup timer"]');
  await expect(timer.getByRole('listitem')).toHaveText(['Ada×', 'Grace×', 'Margaret×', 'Tim×', 'Sam×']);
  await expect(timer.getByText('Now speaking:')).toContainText('Ada');
});
