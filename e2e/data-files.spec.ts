import { readFile, writeFile } from 'node:fs/promises';
import type { BrowserContext, Page, Request } from '@playwright/test';
import { MARK, pantryApp } from './dataFilesApps.ts';
import { E2E_OWNER_TOKEN } from './env.ts';
import { expect, test } from './fixtures.ts';
import { ownerAuth, roomWithApps } from './rooms.ts';

const LIVE = { timeout: 15_000 };
const frameOf = (page: Page, name: string) => page.frameLocator(`iframe[title="${name}"]:not([hidden])`);

/** Every request the context makes that carries a marked value (in its URL or body): there must be none. */
function watchRequests(context: BrowserContext): Request[] {
  const carrying: Request[] = [];
  context.on('request', (r) => {
    const seen = `${r.url()} ${r.postData() ?? ''}`;
    if (seen.includes(MARK.sdk) || seen.includes(MARK.local)) carrying.push(r);
  });
  return carrying;
}

async function signedIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/?token=${E2E_OWNER_TOKEN}`);
  await expect(page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
  return page;
}

test('export in one browser profile, import in another: the app shows the data; bad files change nothing', async ({
  ownerPage: page,
  request,
  browser,
}, info) => {
  test.setTimeout(90_000);
  const { roomId, apps } = await roomWithApps(request, `Data files ${Date.now()}`, {
    Pantry: { 'src/App.tsx': pantryApp('a') },
  });
  const carrying = watchRequests(page.context());
  await page.goto(`/rooms/${roomId}?app=${apps[0]?.id}`);
  await frameOf(page, 'Pantry').getByRole('button', { name: 'Add' }).click();
  await expect(frameOf(page, 'Pantry').getByTestId('sdk')).toHaveText(`SDK: ${MARK.sdk}-a`);
  await page.getByRole('button', { name: 'App menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByTestId('app-data-usage')).toContainText('in 2 keys', LIVE);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    menu.getByRole('button', { name: 'Export data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Pantry data \d{4}-\d\d-\d\d\.json$/);
  const exported = info.outputPath('pantry.json');
  await download.saveAs(exported);
  await expect(menu.getByRole('status')).toContainText('Exported 2 keys');

  // A fresh profile: nothing there until the person imports the file.
  const second = await browser.newContext();
  carrying.push(...watchRequests(second));
  const other = await signedIn(second);
  await other.goto(`/rooms/${roomId}?app=${apps[0]?.id}`);
  await expect(frameOf(other, 'Pantry').getByTestId('sdk')).toHaveText('SDK: none', LIVE);
  // A second launcher tab of that profile, open on the app: it reloads onto the import too.
  const tab = await second.newPage();
  await tab.goto(`/rooms/${roomId}?app=${apps[0]?.id}`);
  await expect(frameOf(tab, 'Pantry').getByTestId('sdk')).toHaveText('SDK: none', LIVE);
  await other.getByRole('button', { name: 'App menu' }).click();
  const otherMenu = other.getByRole('dialog');
  const pick = async (path: string) => {
    const [chooser] = await Promise.all([
      other.waitForEvent('filechooser'),
      otherMenu.getByRole('button', { name: 'Import data' }).click(),
    ]);
    await chooser.setFiles(path);
  };

  // Two bad files: another format, and one whose contents no longer match its hash.
  const wrong = info.outputPath('wrong.json');
  await writeFile(wrong, JSON.stringify({ format: 'excalidraw', elements: [] }));
  await pick(wrong);
  await expect(otherMenu.getByRole('alert')).toHaveText(/not a Room app data file.*Nothing was changed\./);
  const tampered = info.outputPath('tampered.json');
  await writeFile(
    tampered,
    (await readFile(exported, 'utf8')).replace(`${MARK.local}-a`, `${MARK.local}-evil`),
  );
  await pick(tampered);
  await expect(otherMenu.getByRole('alert')).toHaveText(/hash does not match/);
  await expect(otherMenu.getByTestId('app-data-usage')).toContainText('in 0 keys');

  await pick(exported);
  const preview = otherMenu.getByRole('region', { name: 'Import data' });
  await expect(preview).toContainText('Pantry data from room Data files');
  await expect(preview).toContainText('2 keys');
  await preview.getByRole('button', { name: 'Replace data' }).click();
  await expect(otherMenu.getByRole('status')).toContainText('Imported 2 keys');
  await expect(otherMenu.getByTestId('app-data-usage')).toContainText('in 2 keys', LIVE);
  await otherMenu.getByRole('button', { name: 'Close' }).click();
  // The open frame reloaded onto the imported data: SDK values and localStorage both.
  await expect(frameOf(other, 'Pantry').getByTestId('sdk')).toHaveText(`SDK: ${MARK.sdk}-a`, LIVE);
  await expect(frameOf(other, 'Pantry').getByTestId('local')).toHaveText(`Local: ${MARK.local}-a`);
  await expect(frameOf(tab, 'Pantry').getByTestId('sdk')).toHaveText(`SDK: ${MARK.sdk}-a`, LIVE);
  await expect(frameOf(tab, 'Pantry').getByTestId('local')).toHaveText(`Local: ${MARK.local}-a`);
  await other.reload();
  await expect(frameOf(other, 'Pantry').getByTestId('local')).toHaveText(`Local: ${MARK.local}-a`, LIVE);
  await second.close();
  expect(carrying.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
});

test("an owner's encrypted room backup restores two apps in a member's fresh profile; a wrong passphrase restores nothing", async ({
  ownerPage: page,
  request,
  browser,
}, info) => {
  test.setTimeout(90_000);
  const { roomId, apps } = await roomWithApps(request, `Backup ${Date.now()}`, {
    Pantry: { 'src/App.tsx': pantryApp('p') },
    Larder: { 'src/App.tsx': pantryApp('l') },
  });
  const carrying = watchRequests(page.context());
  for (const app of apps) {
    await page.goto(`/rooms/${roomId}?app=${app.id}`);
    await frameOf(page, app.name).getByRole('button', { name: 'Add' }).click();
    await expect(frameOf(page, app.name).getByTestId('sdk')).toHaveText(/SDK: milk/);
  }
  await page.getByRole('button', { name: 'Manage room' }).click();
  await page.getByRole('menuitem', { name: "Back up this device's data" }).click();
  const dialog = page.getByRole('dialog', { name: "Back up this device's data" });
  await expect(dialog).toContainText('A lost passphrase cannot be recovered');
  await dialog.getByLabel('Passphrase (optional)').fill('correct horse battery');
  await dialog.getByLabel('Passphrase again').fill('correct horse battery');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Save backup' }).click(),
  ]);
  const saved = info.outputPath('backup.json');
  await download.saveAs(saved);
  expect(await readFile(saved, 'utf8')).not.toContain(MARK.sdk);
  await expect(dialog.getByRole('status')).toContainText('Backed up 2 apps');

  // A member of the room (joined through an invite) restores in a fresh profile, from their My data menu.
  const invite = await request.post(`/api/rooms/${roomId}/invites`, { headers: ownerAuth, data: {} });
  const { url } = ((await invite.json()) as { invite: { url: string } }).invite;
  const fresh = await browser.newContext();
  carrying.push(...watchRequests(fresh));
  const other = await fresh.newPage();
  await other.goto(url);
  await other.getByRole('button', { name: /^Join / }).click();
  await other.getByRole('tab', { name: 'Larder' }).click();
  await expect(frameOf(other, 'Larder').getByTestId('sdk')).toHaveText('SDK: none', LIVE);
  await expect(other.getByRole('button', { name: 'Manage room' })).toHaveCount(0);
  await other.getByRole('button', { name: 'My data' }).click();
  await other.getByRole('menuitem', { name: 'Restore from backup' }).click();
  const restore = other.getByRole('dialog', { name: 'Restore from backup' });
  const [chooser] = await Promise.all([
    other.waitForEvent('filechooser'),
    restore.getByRole('button', { name: 'Choose backup file' }).click(),
  ]);
  await chooser.setFiles(saved);
  await restore.getByLabel('Passphrase').fill('wrong horse');
  await restore.getByRole('button', { name: 'Unlock' }).click();
  await expect(restore.getByRole('alert')).toHaveText(/Wrong passphrase.*Nothing was changed\./, LIVE);
  await expect(restore.getByRole('group', { name: 'Apps to restore' })).toHaveCount(0);
  await expect(frameOf(other, 'Larder').getByTestId('sdk')).toHaveText('SDK: none');

  await restore.getByLabel('Passphrase').fill('correct horse battery');
  await restore.getByRole('button', { name: 'Unlock' }).click();
  const list = restore.getByRole('group', { name: 'Apps to restore' });
  await expect(list.getByRole('checkbox', { name: /Pantry/ })).toBeChecked(LIVE);
  await expect(list.getByRole('checkbox', { name: /Larder/ })).toBeChecked();
  await list.getByRole('button', { name: 'Restore selected apps' }).click();
  await expect(restore.getByRole('status')).toHaveText('Restored 2 apps: Pantry, Larder.');
  await restore.getByRole('button', { name: 'Close' }).click();
  // The open app reloaded onto its data; the other shows it when opened.
  await expect(frameOf(other, 'Larder').getByTestId('sdk')).toHaveText(`SDK: ${MARK.sdk}-l`, LIVE);
  await expect(frameOf(other, 'Larder').getByTestId('local')).toHaveText(`Local: ${MARK.local}-l`);
  await other.getByRole('tab', { name: 'Pantry' }).click();
  await expect(frameOf(other, 'Pantry').getByTestId('local')).toHaveText(`Local: ${MARK.local}-p`, LIVE);
  await fresh.close();
  expect(carrying.map((r) => `${r.method()} ${r.url()}`)).toEqual([]);
});
