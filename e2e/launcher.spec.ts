import { E2E_PORT } from './env.ts';
import { expect, test } from './fixtures.ts';

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
  await expect(iframe).toHaveAttribute('sandbox', 'allow-scripts');
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
