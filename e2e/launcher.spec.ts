import { E2E_OWNER_TOKEN, E2E_PORT } from './env.ts';
import { expect, test } from './fixtures.ts';
import { ownerAuth, roomWithApps, textApp } from './rooms.ts';
import { HELLO } from './runtimeApps.ts';

test('the Demo room shows its approved app as a tab and runs it in a sandboxed frame on its own origin', async ({
  ownerPage: page,
  demoRoomId,
}) => {
  const frameDoc = page.waitForResponse(
    (r) => r.url().includes('.localhost:') && new URL(r.url()).pathname === '/',
  );
  await page.goto(`/rooms/${demoRoomId}`);
  const tablist = page.getByRole('tablist', { name: 'Apps' });
  await expect(tablist.getByRole('tab', { name: 'Standup timer' })).toBeVisible();
  await tablist.getByRole('tab', { name: 'Standup timer' }).click();
  await expect(tablist.getByRole('tab', { name: 'Standup timer' })).toHaveAttribute('aria-selected', 'true');

  const iframe = page.locator('iframe[title="Standup timer"]');
  await expect(iframe).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-modals');
  const src = new URL((await iframe.getAttribute('src')) as string);
  expect(src.hostname).toMatch(/^[a-z0-9-]+\.localhost$/);
  expect(src.port).toBe(String(E2E_PORT));

  const response = await frameDoc;
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("connect-src 'none'");
  expect(csp).toContain("form-action 'none'");

  const frame = page.frameLocator('iframe[title="Standup timer"]');
  await expect(frame.getByRole('heading', { name: 'Standup timer' })).toBeVisible();
  await expect(frame.getByText('Now speaking:')).toBeVisible();
  await frame.getByRole('button', { name: 'Next' }).click();
  await expect(frame.getByText('Grace', { exact: true }).first()).toBeVisible();
});

test('the shell carries a strict CSP and cannot be framed', async ({ page }) => {
  const res = await page.goto('/');
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');
  expect(csp).toContain("frame-ancestors 'none'");
});

test('an app opening shows its loading outline, never a blank panel', async ({
  ownerPage: page,
  request,
}) => {
  const { roomId } = await roomWithApps(request, 'Loading state', { Slowpoke: HELLO });
  // Hold the files back for a moment so the loading state is on screen long enough to see.
  await page.route('**/api/rooms/*/apps/*/files', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto(`/rooms/${roomId}`);
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('Opening Slowpoke…')).toBeVisible();
  await expect(panel.locator('.skeleton')).toBeVisible();
  await expect(page.frameLocator('iframe[title="Slowpoke"]').getByText('hello')).toBeVisible();
  await expect(panel.getByText('Opening Slowpoke…')).toBeHidden();
});

/** Counts its mounts on its frame's body: a second mount in the frame shows as 2 (a new frame loses the iframe's mark). */
const MOUNT_COUNTER = {
  'src/App.tsx': `import { useEffect, useState } from 'react';

export default function App() {
  const [text, setText] = useState('start');
  useEffect(() => {
    document.body.dataset.mounts = String(Number(document.body.dataset.mounts ?? 0) + 1);
  }, []);
  return <input aria-label="Text" value={text} onChange={(e) => setText(e.target.value)} />;
}
`,
};

test("an app is mounted once per open: what the person types as soon as it shows outlasts the launcher's work after its first paint", async ({
  ownerPage: page,
  request,
}) => {
  const { roomId, apps } = await roomWithApps(request, `Mount once ${Date.now()}`, {
    Counter: MOUNT_COUNTER,
    Neighbour: textApp('next door'),
  });
  await page.goto(`/rooms/${roomId}?app=${apps[0]?.id}`);
  const iframe = page.locator('iframe[title="Counter"]');
  const frame = page.frameLocator('iframe[title="Counter"]');
  await frame.getByLabel('Text').fill('typed at once');
  await iframe.evaluate((el) => el.setAttribute('data-test-mark', 'typed in'));
  // After the first paint: the paint time shown, the compiled modules kept (a cache miss), the next tab warmed.
  await expect(page.locator('.frame-host')).toHaveAttribute('data-paint-ms', /\d/);
  await expect(page.locator('iframe[title="Neighbour"]')).toBeAttached();
  await expect(frame.getByLabel('Text')).toHaveValue('typed at once');
  await expect(frame.locator('body')).toHaveAttribute('data-mounts', '1');
  await expect(iframe, 'the frame was replaced').toHaveAttribute('data-test-mark', 'typed in');
});

test('an app the owner removes unmounts at once in another open launcher, which says so', async ({
  ownerPage: page,
  browser,
  request,
}) => {
  const { roomId, apps } = await roomWithApps(request, 'Removal live', { Doomed: HELLO, Stays: HELLO });
  const other = await browser.newContext();
  const watcher = await other.newPage();
  await watcher.goto(`/?token=${E2E_OWNER_TOKEN}`);
  await expect(watcher.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
  await watcher.goto(`/rooms/${roomId}?app=${apps[0]?.id}`);
  await expect(watcher.frameLocator('iframe[title="Doomed"]').getByText('hello')).toBeVisible();

  await page.goto(`/rooms/${roomId}`);
  const res = await request.delete(`/api/rooms/${roomId}/apps/${apps[0]?.id}`, { headers: ownerAuth });
  expect(res.ok()).toBe(true);

  await expect(watcher.locator('iframe[title="Doomed"]')).toHaveCount(0);
  await expect(watcher.getByRole('tab', { name: 'Doomed' })).toHaveCount(0);
  await expect(watcher.getByText('“Doomed” was removed from this room by its owner.')).toBeVisible();
  await watcher.getByRole('tab', { name: 'Stays' }).click();
  await expect(watcher.frameLocator('iframe[title="Stays"]').getByText('hello')).toBeVisible();
  await other.close();
});

test('a room of 20 apps lists every tab in a bar that scrolls; a deep link to the last keeps it in view; warm frames stay bounded', async ({
  ownerPage: page,
  request,
}) => {
  // Twenty approvals before the page opens.
  test.slow();
  const names = Array.from({ length: 20 }, (_, i) => `Busy room tab ${String(i + 1).padStart(2, '0')}`);
  const { roomId, apps } = await roomWithApps(
    request,
    `Busy ${Date.now()}`,
    Object.fromEntries(names.map((name) => [name, textApp(`Showing ${name}`)])),
  );
  const last = names[19] as string;
  await page.goto(`/rooms/${roomId}?app=${apps[19]?.id}`);
  await expect(page.getByRole('tablist', { name: 'Apps' }).getByRole('tab')).toHaveText(names);
  const selected = page.getByRole('tab', { name: last });
  await expect(selected).toHaveAttribute('aria-selected', 'true');
  await expect(selected).toBeInViewport();
  await expect(page.getByRole('tab', { name: 'Busy room tab 01' })).not.toBeInViewport();
  await expect(page.frameLocator(`iframe[title="${last}"]`).getByText(`Showing ${last}`)).toBeVisible();
  // The first tabs warm once the open app has painted; pointing at more tabs never holds more than two warm.
  await expect(page.locator('.frame-host iframe')).toHaveCount(3);
  for (const name of names.slice(2, 8)) await page.getByRole('tab', { name }).hover();
  await expect(page.locator('.frame-host iframe')).toHaveCount(3);
});
