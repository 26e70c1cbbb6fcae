import { E2E_OWNER_TOKEN } from './env.ts';
import { expect, test } from './fixtures.ts';
import { noSeriousViolations } from './noSeriousViolations.ts';
import { approveApp, createRoom, ownerAuth, textApp } from './rooms.ts';

// The rooms list and an owner's room: creating, renaming, removing and reordering apps.
test('the sign-in page and the rooms list have no serious accessibility violations at 360 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 700 });
  await page.goto('/');
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  await noSeriousViolations(page);
  await page.goto(`/?token=${E2E_OWNER_TOKEN}`);
  await expect(page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await noSeriousViolations(page);
});

test('creating a room from the rooms list opens its empty launcher as its owner', async ({
  ownerPage: page,
}) => {
  const name = `Fresh ${Date.now()}`;
  await page.getByLabel('Room name').fill(name);
  await page.getByRole('button', { name: 'Create room' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('No apps in this room yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Needs your approval' })).toBeVisible();
  // A Ctrl-click is the browser's: the rooms list opens in a new tab and this launcher stays.
  const opened = page.context().waitForEvent('page');
  await page.getByRole('link', { name: 'Rooms' }).click({ modifiers: ['Control'] });
  const tab = await opened;
  await expect(tab).toHaveURL(/\/$/);
  await tab.close();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('link', { name: 'Rooms' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText('owner · 0 apps');
});

test('an owner renames the room and removes the open app after confirming', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Owner ${Date.now()}`);
  await approveApp(request, roomId, 'Doomed', textApp('Doomed'));
  await page.goto(`/rooms/${roomId}`);
  await page.getByRole('button', { name: 'Manage room' }).click();
  await page.getByRole('menuitem', { name: 'Rename room' }).click();
  await page.getByRole('textbox', { name: 'Room name' }).fill('Renamed room');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('heading', { name: 'Renamed room' })).toBeVisible();

  await expect(page.getByRole('tab', { name: 'Doomed' })).toBeVisible();
  await page.getByRole('button', { name: 'Manage room' }).click();
  await page.getByRole('menuitem', { name: 'Remove app' }).click();
  await expect(page.getByText('Remove Doomed from the launcher for everyone?')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm remove' }).click();
  await expect(page.getByRole('tab', { name: 'Doomed' })).toHaveCount(0);
  await expect(page.getByText('No apps in this room yet.')).toBeVisible();
});

test('many tabs scroll and stay reachable at 360 px; an owner reorders tabs', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Many ${Date.now()}`);
  const names = Array.from({ length: 12 }, (_, i) => `Tool number ${i + 1}`);
  for (const name of names) {
    await approveApp(request, roomId, name, textApp(name));
  }
  await page.setViewportSize({ width: 360, height: 700 });
  await page.goto(`/rooms/${roomId}`);
  const tabs = page.getByRole('tablist', { name: 'Apps' });
  await tabs.getByRole('tab', { name: 'Tool number 1', exact: true }).focus();
  await page.keyboard.press('End');
  const last = tabs.getByRole('tab', { name: 'Tool number 12' });
  await expect(last).toBeFocused();
  await expect(last).toBeInViewport();
  await page.keyboard.press(' ');
  await expect(last).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Manage room' }).click();
  await page.getByRole('menuitem', { name: 'Move tab left' }).click();
  await expect(tabs.getByRole('tab').nth(10)).toHaveText('Tool number 12');
  const { apps } = (await (await request.get(`/api/rooms/${roomId}`, { headers: ownerAuth })).json()) as {
    apps: { name: string }[];
  };
  expect(apps.map((a) => a.name).slice(-2)).toEqual(['Tool number 12', 'Tool number 11']);
});
