import type { CDPSession } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { roomWithApps } from './rooms.ts';
import { SPINNER, TICKER } from './runtimeApps.ts';

/** CPU seconds of each renderer process of the browser, by pid (CDP SystemInfo.getProcessInfo). */
async function rendererCpu(cdp: CDPSession): Promise<Map<number, number>> {
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number; cpuTime: number }[];
  };
  return new Map(processInfo.filter((p) => p.type === 'renderer').map((p) => [p.id, p.cpuTime]));
}

// In the `alone` project: it times the launcher's answers, which a neighbouring Sandpack start can starve on 2 cores.
test('a spinning app is stopped by the watchdog while the launcher answers and another app keeps running', async ({
  ownerPage: page,
  request,
  browser,
}) => {
  test.setTimeout(60_000);
  const cdp = await browser.newBrowserCDPSession();
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
  const cpuBefore = await rendererCpu(cdp);
  await page.waitForTimeout(1200);
  expect(Number(await ticks.textContent())).toBeGreaterThan(before);
  // The spinning frame's renderer is the one that burnt the most CPU over that wait.
  const cpuAfter = await rendererCpu(cdp);
  const burnt = (pid: number) => (cpuAfter.get(pid) ?? 0) - (cpuBefore.get(pid) ?? 0);
  const spinning = [...cpuAfter.keys()].sort((a, b) => burnt(b) - burnt(a))[0];

  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('This app stopped responding')).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('iframe[title="Spinner"]')).toHaveCount(0);
  // Removing the frame ends its process; until it has, Chromium hands a new frame of the same site to that
  // spinning process, where it never loads (a Restart pressed at once hung on "Opening Spinner…" 3 runs of 3).
  const cpu = [...cpuAfter.keys()].map((pid) => `${pid}: ${burnt(pid).toFixed(2)} s`).join(', ');
  await expect
    .poll(async () => (await rendererCpu(cdp)).has(spinning as number), {
      message: `the spinning renderer ${spinning} ended (CPU over 1.2 s: ${cpu})`,
      timeout: 15_000,
    })
    .toBe(false);
  await panel.getByRole('button', { name: 'Restart' }).click();
  await expect(spinner.getByRole('button', { name: 'Spin' })).toBeVisible();
  expect(Number(await ticks.textContent())).toBeGreaterThan(before);
  await cdp.detach();
});
