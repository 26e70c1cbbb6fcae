import { expect, test } from './fixtures.ts';
import { roomWithApps } from './rooms.ts';
import { SPINNER, TICKER } from './runtimeApps.ts';

// In the `alone` project: it times the launcher's answers, which a neighbouring Sandpack start can starve on 2 cores.
test('a spinning app is stopped by the watchdog while the launcher answers and another app keeps running', async ({
  ownerPage: page,
  request,
}) => {
  // Its first run in a worker took over 30 s twice (a stop, then a fresh renderer for the restart); retries took 8 s.
  test.setTimeout(60_000);
  const { roomId } = await roomWithApps(request, 'Runtime watchdog', { Ticker: TICKER, Spinner: SPINNER });
  await page.goto(`/rooms/${roomId}`);
  const ticks = page.frameLocator('iframe[title="Ticker"]').locator('#ticks');
  await expect(ticks).not.toHaveText('0');

  await page.getByRole('tab', { name: 'Spinner' }).click();
  const spinner = page.frameLocator('iframe[title="Spinner"]');
  await expect(spinner.getByRole('button', { name: 'Spin' })).toBeVisible();
  // Start the loop from a task of the frame's own, so this call returns before the frame freezes.
  await spinner
    .getByRole('button', { name: 'Spin' })
    .evaluate((button) => setTimeout(() => (button as HTMLButtonElement).click(), 50));
  await page.waitForTimeout(300);

  for (let i = 0; i < 5; i++) {
    const started = Date.now();
    await page.evaluate(() => document.title);
    expect(Date.now() - started).toBeLessThan(500);
  }
  const before = Number(await ticks.textContent());
  await page.waitForTimeout(1200);
  expect(Number(await ticks.textContent())).toBeGreaterThan(before);

  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('This app stopped responding')).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('iframe[title="Spinner"]')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Restart' }).click();
  await expect(spinner.getByRole('button', { name: 'Spin' })).toBeVisible();
  expect(Number(await ticks.textContent())).toBeGreaterThan(before);
});
