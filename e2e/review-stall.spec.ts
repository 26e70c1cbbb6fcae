import type { Page } from '@playwright/test';
import { proposeApp } from '../test-support/proposeApp.ts';
import { expect, test } from './fixtures.ts';
import { createRoom, textApp } from './rooms.ts';

// A proposal can hold 128 KB of line feeds: the card must show every line without freezing the owner's page.
const newlineFiles = (label: string) => {
  const files: Record<string, string> = { ...textApp(label) };
  for (let i = 1; i <= 11; i++) files[`src/f${i}.ts`] = '\n'.repeat(11_700);
  return files;
};

// Every long task of the page from its first script on (the browser reports tasks over 50 ms).
const watchLongTasks = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask', buffered: true });
  });
const longTasks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);

for (const count of [1, 5]) {
  test(`a review page of ${count} card(s) of 128,000 empty lines each shows them all without a long stall`, async ({
    owner,
    ownerPage: page,
    request,
  }) => {
    test.setTimeout(180_000);
    const roomId = await createRoom(request, `Newlines ${count} ${Date.now()}`);
    const ids: string[] = [];
    for (let i = 0; i < count; i++)
      ids.push(
        (await proposeApp(owner, roomId, { name: `Newlines ${i}`, files: newlineFiles(`Newlines ${i}`) })).id,
      );
    await watchLongTasks(page);
    const started = Date.now();
    await page.goto(`/rooms/${roomId}/review`);
    const enabledAfter: number[] = [];
    for (let i = 0; i < count; i++) {
      const card = page.getByRole('article', { name: `Newlines ${i}` });
      // A card's files load as it comes near the screen: scroll to each, as the owner would.
      await card.getByRole('heading', { name: `Newlines ${i}` }).scrollIntoViewIfNeeded();
      // Generous: on 2 shared cores this took 8.7 s for one card when every line was its own row.
      await expect(card.getByRole('button', { name: 'Approve and create' })).toBeEnabled({ timeout: 30_000 });
      enabledAfter.push(Date.now() - started);
    }
    // Let highlighting finish, then read every long task since the page's first script.
    await page.waitForTimeout(3000);
    const tasks = await longTasks(page);
    const rows = await page.evaluate(() => document.querySelectorAll('tr').length);
    const heap = await page.evaluate(
      () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize,
    );
    console.log(
      `${count} card(s): Approve enabled after ${enabledAfter.join(', ')} ms; ${tasks.length} long tasks, longest ${Math.max(0, ...tasks)} ms; ${rows} table rows; heap ${Math.round((heap ?? 0) / 2 ** 20)} MiB`,
    );
    // Responsiveness, generously: before, one card froze the page 3.9-5.1 s and five 14.9-18.3 s; now
    // 0.13-0.67 s, once 1.2 s beside other tests at a load average of 11 on 2 cores.
    expect(Math.max(0, ...tasks), `long tasks ${tasks.join(',')}`).toBeLessThan(2000);
    expect(Math.max(...enabledAfter)).toBeLessThan(30_000);
    for (let i = 0; i < count; i++) {
      // Every line is on the card: the last file's last line number, and the run of empty lines named.
      const last = page
        .getByRole('article', { name: `Newlines ${i}` })
        .getByRole('region', { name: 'File src/f11.ts' });
      await expect(last.getByRole('region', { name: 'src/f11.ts source' })).toContainText('11700');
      await expect(last.getByText('Lines 1–11,700: 11,700 empty lines')).toBeVisible();
    }
    // A link to a line that shares a row with its neighbours gives it a row of its own, in view and marked.
    // The page follows it once the card's review aids are read: under a load average of 12-15 on 2 cores,
    // up to 31 s with five cards, so only one card here and a generous wait.
    if (count > 1) return;
    const id = `p-${ids[0]}-src.2ff3.2ets-L5000`;
    await page.goto('about:blank');
    await page.goto(`/rooms/${roomId}/review#${id}`);
    const row = page.locator(`[id="${id}"]`);
    await expect(row).toBeInViewport({ timeout: 60_000 });
    await expect(row.locator('.line-no')).toHaveText('5000');
    expect(await row.evaluate((el) => el.matches(':target'))).toBe(true);
  });
}

test('a card with a hidden character on every line marks each one in rows shared by short lines', async ({
  owner,
  ownerPage: page,
  request,
}) => {
  test.setTimeout(120_000);
  const roomId = await createRoom(request, `Hidden lines ${Date.now()}`);
  const files: Record<string, string> = { ...textApp('Hidden lines') };
  for (let i = 1; i <= 11; i++) files[`src/f${i}.ts`] = '\u202e\n'.repeat(2_900);
  await proposeApp(owner, roomId, { name: 'Hidden lines', files });
  await watchLongTasks(page);
  await page.goto(`/rooms/${roomId}/review`);
  const card = page.getByRole('article', { name: 'Hidden lines' });
  await expect(card.getByRole('button', { name: 'Approve and create' })).toBeEnabled({ timeout: 30_000 });
  await page.waitForTimeout(2000);
  // Logged, not asserted: its scans (32,000 flags) vary with the machine's load (0.5-1.8 s here).
  const tasks = await longTasks(page);
  // 31,900 flagged lines: each once its own table row (31,912 rows, 90 MiB, 2 s stalls for five such cards).
  const rows = await card.locator('tr').count();
  console.log(`hidden on every line: ${rows} rows; longest task ${Math.max(0, ...tasks)} ms`);
  expect(rows).toBeLessThan(1000);
  // Each line still shows its mark, and its number in the flagged colour.
  const box = card.getByRole('region', { name: 'src/f11.ts source' });
  await expect(box.locator('mark.unsafe-char[title="U+202E RIGHT-TO-LEFT OVERRIDE"]')).toHaveCount(2_900);
  await expect(box.locator('.line-no .flagged').first()).toHaveText('1');
  await expect(box.locator('.line-no .flagged').last()).toHaveText('2900');
});

test('a 60 KB file on a card keeps the page answering while it renders and highlights', async ({
  owner,
  ownerPage: page,
  request,
}) => {
  const roomId = await createRoom(request, `Large ${Date.now()}`);
  const lines = ['export default function App() {', '  return <p>{v0}</p>;', '}'];
  for (let i = 0; new Blob([lines.join('\n')]).size < 60 * 1024; i++)
    lines.push(`export const v${i} = { id: ${i}, label: "item ${i}", on: ${i % 2 === 0} };`);
  const code = `${lines.join('\n')}\n`;
  await proposeApp(owner, roomId, { name: 'Large file', files: { 'src/App.tsx': code } });
  await page.goto(`/rooms/${roomId}/review`);
  const card = page.getByRole('article', { name: 'Large file' });
  await expect(card.getByRole('heading', { name: 'Review all proposed files (1)' })).toBeVisible();
  const gaps: number[] = [];
  const last = card.locator('td.hljs').last();
  for (let done = false; !done; ) {
    done = (await last.count()) > 0;
    const start = Date.now();
    await page.evaluate(() => document.readyState);
    gaps.push(Date.now() - start);
    expect(gaps.length).toBeLessThan(400);
  }
  // A round trip from the runner: beside another test on 2 cores it measured 515-1,100 ms, so it runs alone; a frozen page is seconds.
  expect(Math.max(...gaps)).toBeLessThan(1000);
  // Every line is numbered, in order (short lines share a row, one number a line).
  const numbers = await card
    .getByRole('region', { name: 'src/App.tsx source' })
    .locator('.line-no')
    .evaluateAll((cells) => cells.flatMap((c) => (c.textContent ?? '').split('\n')).map(Number));
  expect(numbers).toEqual(code.split('\n').map((_, i) => i + 1));
  console.log(`60 KB file: ${gaps.length} probes, slowest page.evaluate ${Math.max(...gaps)} ms`);
});
