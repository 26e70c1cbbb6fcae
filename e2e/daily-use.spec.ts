import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { noSeriousViolations } from './noSeriousViolations.ts';
import { approveApp, createRoom, ownerAuth, roomWithApps, textApp } from './rooms.ts';

/** Reads the launcher's theme, shows its first load's id (a reload would change it), saves CSVs. */
const THEME_APP = {
  'src/App.tsx': `import { files, useTheme } from '@room/sdk';
import { useState } from 'react';

const loadId = Math.random().toString(36).slice(2);

export default function App() {
  const { theme, tokens } = useTheme();
  const [result, setResult] = useState('idle');
  const save = (name: string, data: string) => {
    setResult('waiting');
    files.save(name, data).then(
      () => setResult('saved'),
      (e: { code?: string }) => setResult('refused ' + e.code),
    );
  };
  const css = getComputedStyle(document.documentElement);
  return (
    <main style={{ background: 'var(--room-surface)', color: 'var(--room-text)', padding: 'var(--room-space-4)' }}>
      <p data-testid="theme">{theme} {tokens.bg} {css.getPropertyValue('--room-bg').trim()} {css.colorScheme}</p>
      <p data-testid="load">{loadId}</p>
      <button type="button" onClick={() => save('poll.csv', 'dish,votes\\nPizza,3\\nSoup,2\\n')}>Save CSV</button>
      <p role="status">{result}</p>
    </main>
  );
}
`,
};

const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('the launcher at 1280 and 390 px, light and dark: no sideways scroll, the selected tab in view, no serious axe issue', async ({
  ownerPage: page,
  request,
}) => {
  test.setTimeout(120_000);
  const names = Array.from({ length: 7 }, (_, i) => `Daily tool ${i + 1}`);
  const { roomId, apps } = await roomWithApps(
    request,
    `Views ${Date.now()}`,
    Object.fromEntries(names.map((n) => [n, textApp(n)])),
  );
  const last = apps.at(-1) as { id: string; name: string };
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/rooms/${roomId}?app=${last.id}`);
      const tab = page.getByRole('tab', { name: last.name });
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(tab).toBeInViewport();
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await expect(page.getByRole('button', { name: 'Manage room' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Needs your approval' })).toBeVisible();
      expect(await pageScrollsSideways(page), `${width} px ${scheme}`).toBe(false);
      // The app panel takes the page's full width.
      const panel = await page.locator('.app-panel').boundingBox();
      expect(panel?.width).toBe(width);
      // WCAG 2.2 target size: every control of the top bar, the head and the tab bar is at least 24×24 px.
      const small = await page
        .locator('.topbar :is(a, button, select), .launcher-head :is(a, button), [role="tab"]')
        .evaluateAll((els) =>
          els
            // A control that is not rendered (a closed menu's items) is no target.
            .filter((el) => el.checkVisibility())
            .map((el) => ({ name: el.textContent?.trim(), box: el.getBoundingClientRect() }))
            .filter(({ box }) => box.width < 24 || box.height < 24)
            .map(({ name, box }) => `${name} ${box.width}×${box.height}`),
        );
      expect(small, `${width} px ${scheme}`).toEqual([]);
      await noSeriousViolations(page);
    }
  }
});

test('an app reads the theme and follows a switch live, without reloading; the switch is kept', async ({
  ownerPage: page,
  request,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const roomId = await createRoom(request, `Theme ${Date.now()}`);
  const app = await approveApp(request, roomId, 'Lunch poll', THEME_APP);
  await page.goto(`/rooms/${roomId}?app=${app.id}`);
  const frame = page.frameLocator('iframe[title="Lunch poll"]');
  await expect(frame.getByTestId('theme')).toHaveText('light #f6f7f9 #f6f7f9 light');
  const loadId = await frame.getByTestId('load').textContent();

  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await expect(frame.getByTestId('theme')).toHaveText('dark #15171c #15171c dark');
  await expect(frame.getByTestId('load')).toHaveText(loadId as string);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // Kept on the device: a new page starts dark although the system is light.
  await page.reload();
  await expect(frame.getByTestId('theme')).toHaveText('dark #15171c #15171c dark');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('system');
  await expect(frame.getByTestId('theme')).toHaveText('light #f6f7f9 #f6f7f9 light');
});

test('an app saves a CSV only after the person confirms; a refusal reaches it as save_refused', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Save ${Date.now()}`);
  const app = await approveApp(request, roomId, 'Lunch poll', THEME_APP);
  await page.goto(`/rooms/${roomId}?app=${app.id}`);
  const frame = page.frameLocator('iframe[title="Lunch poll"]');
  let downloads = 0;
  page.on('download', () => downloads++);

  await frame.getByRole('button', { name: 'Save CSV' }).click();
  const prompt = page.getByRole('dialog', { name: 'Save a file from Lunch poll?' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('figure', { name: 'File name' }).locator('code')).toHaveText('poll.csv');
  await expect(prompt.getByText('Size: 26 bytes')).toBeVisible();
  expect(downloads).toBe(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    prompt.getByRole('button', { name: 'Save', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('poll.csv');
  const bytes = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(bytes).toString('utf8')).toBe('dish,votes\nPizza,3\nSoup,2\n');
  await expect(frame.getByRole('status')).toHaveText('saved');

  await frame.getByRole('button', { name: 'Save CSV' }).click();
  await page.getByRole('button', { name: "Don't save" }).click();
  await expect(frame.getByRole('status')).toHaveText('refused save_refused');
  expect(downloads).toBe(1);
});

test('tabs reorder by dragging and by keyboard; the order persists and reaches another open launcher', async ({
  ownerPage: page,
  request,
}) => {
  const { roomId } = await roomWithApps(request, `Order ${Date.now()}`, {
    Alpha: textApp('Alpha'),
    Beta: textApp('Beta'),
    Gamma: textApp('Gamma'),
  });
  await page.goto(`/rooms/${roomId}`);
  const other = await page.context().newPage();
  await other.goto(`/rooms/${roomId}`);
  const tabs = (p: Page) => p.getByRole('tablist', { name: 'Apps' }).getByRole('tab');
  await expect(tabs(other)).toHaveText(['Alpha', 'Beta', 'Gamma']);

  await page.getByRole('tab', { name: 'Gamma' }).dragTo(page.getByRole('tab', { name: 'Alpha' }), {
    targetPosition: { x: 2, y: 5 },
  });
  await expect(tabs(page)).toHaveText(['Gamma', 'Alpha', 'Beta']);
  await expect(tabs(other)).toHaveText(['Gamma', 'Alpha', 'Beta']);

  await page.getByRole('tab', { name: 'Alpha' }).focus();
  await page.keyboard.press('Control+Shift+ArrowRight');
  await expect(tabs(page)).toHaveText(['Gamma', 'Beta', 'Alpha']);
  await expect(page.getByRole('tab', { name: 'Alpha' })).toBeFocused();
  await expect(tabs(other)).toHaveText(['Gamma', 'Beta', 'Alpha']);

  // The menu's keyboard path: Arrow Down opens it on the first item, Escape returns to the button.
  const menuButton = page.getByRole('button', { name: 'Manage room' });
  await menuButton.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Rename room' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  await other.reload();
  await expect(tabs(other)).toHaveText(['Gamma', 'Beta', 'Alpha']);
  await other.close();
});

test('an empty room tells its owner the command that connects an agent, and a member that nothing is approved', async ({
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Empty ${Date.now()}`);
  await page.goto(`/rooms/${roomId}`);
  const origin = new URL(page.url()).origin;
  await expect(
    page.getByText(`claude mcp add --transport http rooms ${origin}/api/v1/external-mcp`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy command' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Make a personal token' })).toHaveAttribute(
    'href',
    `/rooms/${roomId}/connected`,
  );
  // One "Connected" link only: the head's.
  await expect(page.getByRole('link', { name: 'Connected' })).toHaveCount(1);
  await noSeriousViolations(page);
});

test('the rooms page shows the pending total across the rooms a person owns; /review groups the cards by room', async ({
  browser,
  request,
  baseURL,
}) => {
  // A person of their own (joined through an invite), so no other test's proposals count.
  const hall = await createRoom(request, `Hall ${Date.now()}`);
  const invite = await request.post(`/api/rooms/${hall}/invites`, { headers: ownerAuth, data: {} });
  const { url } = ((await invite.json()) as { invite: { url: string } }).invite;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('button', { name: /^Join / }).click();
  await expect(
    page.getByRole('tablist', { name: 'Apps' }).or(page.getByText('No apps in this room yet.')),
  ).toBeVisible();
  const write = { origin: baseURL as string };
  const room = async (name: string) =>
    (
      (await (await page.request.post('/api/rooms', { headers: write, data: { name } })).json()) as {
        room: { id: string };
      }
    ).room.id;
  const propose = (roomId: string, name: string) =>
    page.request.post(`/api/rooms/${roomId}/proposals`, {
      headers: write,
      data: { name, files: textApp(name), idempotency_key: `inbox-${name}-${Date.now()}` },
    });
  const first = await room('Inbox A');
  const second = await room('Inbox B');
  for (const [roomId, name] of [
    [first, 'Pending one'],
    [first, 'Pending two'],
    [second, 'Pending three'],
  ] as const)
    expect((await propose(roomId, name)).status()).toBe(201);

  await page.goto('/');
  const link = page.getByRole('link', { name: 'Needs your approval' });
  await expect(link).toHaveAccessibleDescription('3 proposals waiting');
  await expect(link).toContainText('3');
  await link.click();
  await expect(page).toHaveURL(/\/review$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('3');
  const card = page.getByRole('region', { name: 'Inbox B' }).getByRole('article', { name: 'Pending three' });
  // Its files load when it is shown; Approve waits for them.
  await expect(card.getByText('Its file is loaded (')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Approve and create' })).toBeEnabled();
  await expect(page.getByRole('region', { name: 'Inbox A' }).getByRole('article')).toHaveCount(2);
  await card.getByRole('button', { name: 'Approve and create' }).click();
  await expect(page.getByRole('link', { name: 'Open Pending three' })).toBeVisible();
  await context.close();
});
