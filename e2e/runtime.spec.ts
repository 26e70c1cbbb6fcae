import type { HarnessResult } from '../test-support/harness/harnessEntry.ts';
import { openHarness } from '../test-support/harness/openHarness.ts';
import { expect, test } from './fixtures.ts';
import { roomWithApps } from './rooms.ts';
import {
  COUNTER,
  ERROR_APPS,
  HANDLER_ERROR,
  HELLO,
  KITCHEN_SINK,
  NO_DEFAULT,
  SELF_NAVIGATOR,
} from './runtimeApps.ts';

type Harness = {
  run: (key: string, files: Record<string, string>) => Promise<HarnessResult>;
  post: (id: string, files: Record<string, string>) => void;
  open: (id: string) => void;
  state: (id: string) => string | undefined;
};

test('a multi-file TypeScript app links folders, index files, JSON, CSS in order, a cycle and a lazy import', async ({
  ownerPage: page,
  request,
}) => {
  const { roomId } = await roomWithApps(request, 'Runtime kitchen sink', { 'Kitchen sink': KITCHEN_SINK });
  await page.goto(`/rooms/${roomId}`);
  const frame = page.frameLocator('iframe[title="Kitchen sink"]');
  await expect(frame.locator('#label')).toHaveText('label:multi');
  await expect(frame.locator('#json')).toHaveText('from json');
  await expect(frame.locator('#cycle')).toHaveText('even(10) = true');
  await expect(frame.locator('#lazy')).toHaveText('lazy loaded');
  // theme.css is imported after base.css, so its colour wins while base.css's weight stays.
  await expect(frame.locator('#css')).toHaveCSS('color', 'rgb(0, 128, 0)');
  await expect(frame.locator('#css')).toHaveCSS('font-weight', '700');
  await expect(frame.locator('head style')).toHaveCount(2);
  expect(
    await frame.locator('head style').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.file)),
  ).toEqual(['src/base.css', 'src/theme.css']);
});

test('each kind of error shows where it happened, in the frame and on the panel, with "Reload app"', async ({
  ownerPage: page,
  request,
}) => {
  const apps = Object.fromEntries(Object.entries(ERROR_APPS).map(([name, a]) => [name, a.files]));
  const { roomId } = await roomWithApps(request, 'Runtime errors', {
    ...apps,
    'Handler error': HANDLER_ERROR,
  });
  await page.goto(`/rooms/${roomId}`);
  for (const [name, expected] of Object.entries(ERROR_APPS)) {
    await page.getByRole('tab', { name }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('alert')).toContainText(expected.at);
    await expect(panel.getByRole('button', { name: 'Reload app' })).toBeVisible();
    const overlay = page.frameLocator(`iframe[title="${name}"]`).locator('#room-error-overlay');
    await expect(overlay.locator('.room-error-location')).toContainText(expected.at);
  }

  await page.getByRole('tab', { name: 'Handler error' }).click();
  const frame = page.frameLocator('iframe[title="Handler error"]');
  await frame.getByRole('button', { name: 'Break' }).click();
  await expect(page.getByRole('tabpanel').getByRole('alert')).toContainText('handler failed');
  await expect(page.getByRole('tabpanel').getByRole('alert')).toContainText('src/App.tsx:4:');

  // "Reload app" runs the app again in a fresh frame: the handler error is gone until the next click.
  await page.getByRole('tabpanel').getByRole('button', { name: 'Reload app' }).click();
  await expect(frame.getByRole('button', { name: 'Break' })).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('alert')).toHaveCount(0);
});

test('an app without a default export is told so, at its entry file', async ({ page, baseURL }) => {
  await openHarness(page, baseURL as string);
  const result = await page.evaluate(
    (files) => (window as unknown as { roomHarness: Harness }).roomHarness.run('nodefault', files),
    NO_DEFAULT,
  );
  expect(result.errors[0]).toMatchObject({
    code: 'missing_default_export',
    file: 'src/App.tsx',
    line: 1,
  });
});

test('open tabs stay mounted: switching back keeps the app state and never reloads its frame', async ({
  ownerPage: page,
  request,
}) => {
  const { roomId, apps } = await roomWithApps(request, 'Runtime switching', {
    Counter: COUNTER,
    Hello: HELLO,
  });
  const counterHost = `${apps[0]?.id}.localhost`;
  let counterLoads = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).hostname === counterHost && r.resourceType() === 'document') counterLoads += 1;
  });
  await page.goto(`/rooms/${roomId}`);
  const counter = page.frameLocator('iframe[title="Counter"]');
  for (let i = 0; i < 3; i++) await counter.getByRole('button').click();
  await expect(counter.getByRole('button')).toHaveText('Count: 3');
  await page.getByRole('tab', { name: 'Hello' }).click();
  await expect(page.frameLocator('iframe[title="Hello"]').getByText('hello')).toBeVisible();
  await expect(page.locator('iframe[title="Counter"]')).toBeHidden();
  await page.getByRole('tab', { name: 'Counter' }).click();
  await expect(counter.getByRole('button')).toHaveText('Count: 3');
  expect(counterLoads).toBe(1);
});

test('an app that navigates its own frame is stopped and its port revoked', async ({
  ownerPage: page,
  request,
}) => {
  const { roomId } = await roomWithApps(request, 'Runtime navigation', { Leaver: SELF_NAVIGATOR });
  await page.goto(`/rooms/${roomId}`);
  await page.frameLocator('iframe[title="Leaver"]').getByRole('button', { name: 'Leave' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('This app left its page and was stopped.')).toBeVisible();
  await panel.getByRole('button', { name: 'Reload app' }).click();
  await expect(
    page.frameLocator('iframe[title="Leaver"]').getByRole('button', { name: 'Leave' }),
  ).toBeVisible();
});

test('each app runs in a renderer process of its own (counted with CDP, not by frame targets)', async ({
  page,
  browser,
  baseURL,
}) => {
  const cdp = await browser.newBrowserCDPSession();
  const renderers = async () => {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string }[];
    };
    return processInfo.filter((p) => p.type === 'renderer').length;
  };
  await openHarness(page, baseURL as string);
  const harness = (fn: string, id: string) =>
    page.evaluate(
      ([f, i, files]) => {
        const h = (window as unknown as { roomHarness: Harness }).roomHarness;
        if (f === 'open') {
          h.post(i, files);
          h.open(i);
        }
        return h.state(i);
      },
      [fn, id, HELLO] as const,
    );
  const base = await renderers();
  for (const id of ['proc-a', 'proc-b', 'proc-c']) {
    await harness('open', id);
    await expect.poll(() => harness('state', id)).toBe('running');
  }
  const added = (await renderers()) - base;
  if (added !== 3)
    throw new Error(`expected one renderer process per app (3 more), saw ${added}: frames share a process`);
});
