import type { Browser, CDPSession, Page } from '@playwright/test';
import { addApp } from './fallback.ts';
import { newRenderersPss } from './memory.ts';
import { type Series, series } from './openTab.ts';
import { markdownTable, type Row } from './report.ts';

/** Apps in the busy room; the anchor room has one (and a second room two, the least a switch needs). */
export const BUSY_APPS = 50;

/** A one-screen app: a heading and a counter. */
const oneScreenApp = (name: string) => ({
  'src/App.tsx': `import { useState } from 'react';

export default function App() {
  const [count, setCount] = useState(0);
  return (
    <main style={{ fontFamily: 'system-ui', padding: 16 }}>
      <h1>${name}</h1>
      <button type="button" onClick={() => setCount(count + 1)}>Clicked {count} times</button>
    </main>
  );
}
`,
});

interface BenchRoom {
  id: string;
  apps: { id: string; name: string }[];
}

async function makeRoom(base: string, token: string, name: string, apps: number): Promise<BenchRoom> {
  const room = await fetch(`${base}/api/rooms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  }).then((r) => r.json() as Promise<{ room: { id: string } }>);
  const made: BenchRoom['apps'] = [];
  for (let i = 1; i <= apps; i++) {
    const app = `${name} app ${String(i).padStart(2, '0')}`;
    made.push({ id: await addApp(base, token, room.room.id, app, oneScreenApp(app)), name: app });
  }
  return { id: room.room.id, apps: made };
}

// In the page before any script: the time of the first paint after the tab bar appears (rAF, then a task).
// A string, not a function: tsx's name helpers are not defined in the page.
const WATCH_TAB_BAR = `
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[role=tablist] [role=tab]')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (window.benchTabBarPaint = performance.now())));
  });
  observer.observe(document, { childList: true, subtree: true });
`;

/** Navigation start to the app's first paint, from the launcher's own `room-open:<id>` measure. */
async function visitPaint(page: Page, appId: string): Promise<number> {
  const handle = await page.waitForFunction(
    (id) => {
      const m = performance.getEntriesByName(`room-open:${id}`)[0];
      return m && m.startTime + m.duration;
    },
    appId,
    { timeout: 30_000 },
  );
  return Number(await handle.jsonValue());
}

/** Click on a tab to the launcher's next paint with that app's frame shown. */
async function switchTo(page: Page, name: string): Promise<number> {
  await page.evaluate((title) => {
    const w = window as unknown as { benchSwitch?: Promise<number> };
    w.benchSwitch = new Promise<number>((resolve) => {
      let clickedAt: number | undefined;
      document.addEventListener('click', (e) => (clickedAt = e.timeStamp), { capture: true, once: true });
      // No named helpers in here: tsx's name helpers are not defined in the page.
      const observer = new MutationObserver(() => {
        const frame = [...document.querySelectorAll('iframe')].find((f) => f.title === title);
        if (clickedAt === undefined || !frame || frame.hidden) return;
        observer.disconnect();
        const at = clickedAt;
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - at)));
      });
      observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['hidden'] });
    });
  }, name);
  await page.getByRole('tab', { name, exact: true }).click();
  return page.evaluate(() => (window as unknown as { benchSwitch: Promise<number> }).benchSwitch);
}

interface Samples {
  firstPaint: number[];
  firstVisit: number[];
  pss: number[];
  heap: number[];
  switch: number[];
}

const empty = (): Samples => ({ firstPaint: [], firstVisit: [], pss: [], heap: [], switch: [] });

/** One fresh browser context opening a room's launcher at its first app; `switches` tab switches after. */
async function visit(
  browser: Browser,
  cdp: CDPSession,
  opts: { base: string; token: string; room: BenchRoom; into: Samples; memory: boolean; switches: number },
): Promise<void> {
  const context = await browser.newContext();
  try {
    const [first, second] = opts.room.apps;
    if (!first) throw new Error('a bench room needs an app');
    let page: Page | undefined;
    // The launcher's renderer is new with its context, so it counts with its frames'.
    const pss = await newRenderersPss(cdp, async () => {
      page = await context.newPage();
      await page.goto(`${opts.base}/?token=${opts.token}`);
      await page.getByRole('heading', { name: 'Your rooms' }).waitFor();
      await page.addInitScript(WATCH_TAB_BAR);
      await page.goto(`${opts.base}/rooms/${opts.room.id}`);
      const visited = await visitPaint(page, first.id);
      const painted = await page.waitForFunction(
        () => (window as unknown as { benchTabBarPaint?: number }).benchTabBarPaint,
      );
      if (!opts.memory) return;
      opts.into.firstVisit.push(visited);
      opts.into.firstPaint.push(Number(await painted.jsonValue()));
      // Idle warming has run and settled.
      await page.waitForTimeout(1500);
    });
    if (!page) return;
    if (opts.memory) {
      opts.into.pss.push(pss / 2 ** 20);
      const session = await context.newCDPSession(page);
      await session.send('HeapProfiler.collectGarbage');
      const { usedSize } = (await session.send('Runtime.getHeapUsage')) as { usedSize: number };
      opts.into.heap.push(usedSize / 2 ** 20);
    }
    if (!opts.switches || !second) return;
    // Both apps open (mounted in the pool) before switching between them.
    await page.getByRole('tab', { name: second.name, exact: true }).click();
    await visitPaint(page, second.id);
    for (let i = 0; i < opts.switches; i++)
      opts.into.switch.push(await switchTo(page, (i % 2 ? second : first).name));
  } finally {
    await context.close();
  }
}

export interface BusyRoomResult {
  busy: Record<keyof Samples, Series>;
  anchor: Record<keyof Samples, Series>;
}

/**
 * The launcher in a room of 50 one-screen apps against a room of one (the switch against a room of two),
 * each run in a fresh browser context, the rooms interleaved so both see the same load.
 */
export async function measureBusyRoom(
  browser: Browser,
  opts: { base: string; token: string; runs: number; log: (line: string) => void },
): Promise<{ rows: Row[]; result: BusyRoomResult }> {
  const { base, token } = opts;
  opts.log(`Busy room: seeding ${BUSY_APPS} apps…`);
  const busyRoom = await makeRoom(base, token, 'Busy', BUSY_APPS);
  const oneRoom = await makeRoom(base, token, 'Single', 1);
  const twoRoom = await makeRoom(base, token, 'Pair', 2);
  const busy = empty();
  const anchor = empty();
  const cdp = await browser.newBrowserCDPSession();
  const switches = 4;
  // A first pass of each, unmeasured: the server's and the browser's caches as warm as in the runs.
  for (const room of [busyRoom, oneRoom])
    await visit(browser, cdp, { base, token, room, into: empty(), memory: false, switches: 0 });
  for (let run = 0; run < opts.runs; run++) {
    await visit(browser, cdp, { base, token, room: busyRoom, into: busy, memory: true, switches });
    await visit(browser, cdp, { base, token, room: oneRoom, into: anchor, memory: true, switches: 0 });
    await visit(browser, cdp, { base, token, room: twoRoom, into: anchor, memory: false, switches });
  }
  const asSeries = (name: string, s: Samples) =>
    Object.fromEntries(
      (Object.keys(s) as (keyof Samples)[]).map((k) => [k, series(`${name}: ${k}`, s[k])]),
    ) as Record<keyof Samples, Series>;
  const result = { busy: asSeries('busy room', busy), anchor: asSeries('anchor room', anchor) };
  const figures: [keyof Samples, string, string][] = [
    ['firstPaint', 'launcher first paint (navigation to the tab bar painted)', 'ms'],
    ['firstVisit', 'first app visit (navigation to the first app painted)', 'ms'],
    ['switch', 'tab switch (click to the paint showing the other, open app)', 'ms'],
    ['pss', 'renderer PSS (launcher and its frames, after the first visit)', 'MB'],
    ['heap', "launcher page's JS heap after GC", 'MB'],
  ];
  const rows: Row[] = [];
  for (const [key, label, unit] of figures) {
    const anchorName = key === 'switch' ? 'a room with 2 apps' : 'a room with 1 app';
    for (const p of ['p50', 'p95'] as const)
      rows.push({
        figure: `busy room (${BUSY_APPS} apps): ${label} ${p}`,
        value: result.busy[key][p],
        unit,
        anchor: { name: `${anchorName} ${p}`, value: result.anchor[key][p] },
        target: { max: 1.2, of: 'ratio' },
      });
  }
  return { rows, result };
}

/** The "Busy room" section of docs/benchmarks.md. */
export function busyRoomSection(rows: Row[], runs: number): string {
  return [
    '## Busy room',
    '',
    `The launcher in a room of ${BUSY_APPS} approved one-screen apps against a room of one (the tab switch against a room of two, the least a switch needs): ${runs} runs each, every run a fresh browser context signed in and navigated to the room, the rooms interleaved. First paint is navigation start to the first paint (rAF, then a task) after the tab bar appears; the first visit ends at the first app's first-paint report; PSS sums the renderers that appear for the page (launcher and frames) after the visit and 1.5 s of idle warming; the heap is the launcher page's after a GC. \`BENCH_ONLY=room npm run bench\` runs this section alone (\`BENCH_ROOM_RUNS\`, default 10).`,
    '',
    markdownTable(rows),
    '',
  ].join('\n');
}
