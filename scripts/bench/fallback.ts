import type { Browser } from '@playwright/test';
import { DATE_APP, DATE_APP_LOCAL } from '../../test-support/dateApps.ts';
import { type Series, series } from './openTab.ts';

/** Proposes and approves an app in a room; its id. */
export async function addApp(base: string, token: string, roomId: string, name: string, files: object) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const proposed = await fetch(`${base}/api/rooms/${roomId}/proposals`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name, files, idempotency_key: `bench-${name}-${Date.now()}` }),
  });
  const body = (await proposed.json()) as { proposal?: { id: string }; error?: { message: string } };
  if (!body.proposal) throw new Error(`proposing ${name}: ${body.error?.message ?? proposed.status}`);
  const approved = await fetch(`${base}/api/rooms/${roomId}/proposals/${body.proposal.id}/approve`, {
    method: 'POST',
    headers,
  });
  return ((await approved.json()) as { app: { id: string } }).app.id;
}

/** A new room for a bench section; its id. */
export async function addRoom(base: string, token: string, name: string): Promise<string> {
  const room = await fetch(`${base}/api/rooms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  }).then((r) => r.json() as Promise<{ room: { id: string } }>);
  return room.room.id;
}

/**
 * Navigation to each app's first visible output (the date apps' heading) in the real launcher, each run in
 * a fresh browser context (no bundler or HTTP cache carried over), the apps alternately, `runs` each.
 */
export async function measureNavigation(
  browser: Browser,
  base: string,
  token: string,
  roomId: string,
  apps: { id: string; name: string }[],
  runs: number,
): Promise<Series[]> {
  const samples = apps.map(() => [] as number[]);
  for (let run = 0; run < runs; run++) {
    for (const [i, app] of apps.entries()) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${base}/?token=${token}`);
      await page.getByRole('heading', { name: 'Your rooms' }).waitFor();
      const started = performance.now();
      await page.goto(`${base}/rooms/${roomId}?app=${app.id}`);
      await page
        .frameLocator(`iframe[title="${app.name}"]`)
        .getByRole('heading', { name: 'DATE 2020-01-02' })
        .waitFor({ timeout: 90_000 });
      samples[i]?.push(performance.now() - started);
      await context.close();
    }
  }
  return apps.map((app, i) => series(app.name, samples[i] ?? []));
}

/**
 * Navigation to the app's first visible output in the real launcher: Sandpack fallback vs the Sucrase
 * path, `runs` each, then tab switches between the two.
 */
export async function measureFallback(
  browser: Browser,
  base: string,
  token: string,
  runs: number,
): Promise<[Series, Series, Series, Series]> {
  const roomId = await addRoom(base, token, 'Fallback bench room');
  const apps = [
    { name: 'Dates via Sandpack', files: DATE_APP },
    { name: 'Dates via Sucrase', files: DATE_APP_LOCAL },
  ];
  const ids = await Promise.all(apps.map((a) => addApp(base, token, roomId, a.name, a.files)));
  const [viaSandpack, viaSucrase] = (await measureNavigation(
    browser,
    base,
    token,
    roomId,
    apps.map((a, i) => ({ id: ids[i] as string, name: a.name })),
    runs,
  )) as [Series, Series];
  const switches = await measureTabSwitch(browser, `${base}/rooms/${roomId}`, token, ids, apps, runs * 4);
  return [viaSandpack, viaSucrase, ...switches];
}

/**
 * Tab switches between the two (both mounted) in one launcher page: tab click to the app's frame painted
 * on screen, measured in the page, for the Sandpack app and for the Sucrase one, alternately.
 */
async function measureTabSwitch(
  browser: Browser,
  roomUrl: string,
  token: string,
  ids: string[],
  apps: { name: string }[],
  runs: number,
): Promise<[Series, Series]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${roomUrl.replace(/\/rooms\/.*$/, '')}/?token=${token}`);
  await page.getByRole('heading', { name: 'Your rooms' }).waitFor();
  await page.goto(roomUrl);
  for (const [i, app] of apps.entries()) {
    await page.locator(`#tab-${ids[i]}`).click();
    await page
      .frameLocator(`iframe[title="${app.name}"]`)
      .getByRole('heading', { name: 'DATE 2020-01-02' })
      .waitFor({ timeout: 90_000 });
  }
  const samples: [number[], number[]] = [[], []];
  for (let run = 0; run < runs; run++) {
    const i = run % 2;
    const ms = await page.evaluate(
      async ([tabId, title]) => {
        const started = performance.now();
        document.getElementById(tabId as string)?.click();
        // No named functions in here: tsx's name helper (__name) is not defined in the page.
        while ((document.querySelector(`iframe[title="${title}"]`)?.getClientRects().length ?? 0) === 0)
          await new Promise((resolve) => requestAnimationFrame(resolve));
        // rAF runs before the frame is painted; the task after it runs once it has been.
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        return performance.now() - started;
      },
      [`tab-${ids[i]}`, apps[i]?.name ?? ''] as const,
    );
    (i === 0 ? samples[0] : samples[1]).push(ms);
  }
  await context.close();
  return [
    series(`${apps[0]?.name}: tab switch`, samples[0]),
    series(`${apps[1]?.name}: tab switch`, samples[1]),
  ];
}
