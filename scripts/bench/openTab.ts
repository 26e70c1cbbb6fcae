import type { Page } from '@playwright/test';
import { median, percentile } from './stats.ts';

type Driver = {
  arm: (key: string, files: Record<string, string>, warm: boolean) => void;
  armFloor: (src: string, warm: boolean) => Promise<void>;
  armSwitch: (from: string, to: string) => void;
  post: (id: string, files: Record<string, string>) => void;
  open: (id: string) => void;
  state: (id: string) => string | undefined;
};

export interface Series {
  name: string;
  samples: number[];
  p50: number;
  p95: number;
}

export const series = (name: string, samples: number[]): Series => ({
  name,
  samples,
  p50: median(samples),
  p95: percentile(samples, 95),
});

let unique = 0;
// Each run gets an origin of its own (a DNS label): no process or cache carried over from the last one.
const key = (label: string) =>
  `b${label.toLowerCase().replace(/[^a-z0-9]/g, '')}${(unique++).toString(36)}${Date.now().toString(36)}`;

/** Clicks `#open` and waits for the driver to record click-to-paint. */
async function clickAndRead(page: Page): Promise<number> {
  await page.click('#open');
  const handle = await page.waitForFunction(
    () => document.getElementById('open')?.dataset.paintMs,
    undefined,
    {
      timeout: 15_000,
    },
  );
  return Number(await handle.jsonValue());
}

/** Cold and warm click-to-first-paint through the real runtime, `runs` each. */
export async function measureOpen(
  page: Page,
  label: string,
  files: Record<string, string>,
  runs: number,
): Promise<Series[]> {
  const cold: number[] = [];
  const warm: number[] = [];
  const arm = (k: string, warmFrame: boolean) =>
    page.evaluate(([k2, f, w]) => (window as unknown as { roomHarness: Driver }).roomHarness.arm(k2, f, w), [
      k,
      files,
      warmFrame,
    ] as const);
  for (let i = 0; i < runs; i++) {
    await arm(key(`${label}c`), false);
    cold.push(await clickAndRead(page));
    await arm(key(`${label}w`), true);
    // The warm frame loads its runtime and warms the compiler before the member clicks.
    await page.waitForTimeout(700);
    warm.push(await clickAndRead(page));
  }
  return [series(`${label}: cold`, cold), series(`${label}: warm`, warm)];
}

/** Floors: a sandboxed React "hello" frame on its own origin, cold and pre-loaded. */
export async function measureFloors(
  page: Page,
  floorUrl: (key: string, warm: boolean) => string,
  runs: number,
): Promise<Series[]> {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.evaluate(
      (src) => (window as unknown as { roomHarness: Driver }).roomHarness.armFloor(src, false),
      floorUrl(key('fc'), false),
    );
    cold.push(await clickAndRead(page));
    await page.evaluate(
      (src) => (window as unknown as { roomHarness: Driver }).roomHarness.armFloor(src, true),
      floorUrl(key('fw'), true),
    );
    await page.waitForTimeout(200);
    warm.push(await clickAndRead(page));
  }
  return [
    series('floor: cold React hello frame', cold),
    series('floor: pre-loaded frame renders a posted component', warm),
  ];
}

/** Switching to an app that is already mounted (both open in the pool). */
export async function measureSwitch(page: Page, label: string, files: Record<string, string>, runs: number) {
  const a = key(`${label}sa`);
  const b = key(`${label}sb`);
  // One after the other: a hidden frame gets no animation frames, so it reports its paint once shown.
  for (const id of [a, b]) {
    await page.evaluate(
      ([x, f]) => {
        const h = (window as unknown as { roomHarness: Driver }).roomHarness;
        h.post(x, f);
        h.open(x);
      },
      [id, files] as const,
    );
    await page.waitForFunction(
      (x) => (window as unknown as { roomHarness: Driver }).roomHarness.state(x) === 'running',
      id,
      { timeout: 15_000 },
    );
  }
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const [from, to] = i % 2 ? [b, a] : [a, b];
    await page.evaluate(
      ([x, y]) => (window as unknown as { roomHarness: Driver }).roomHarness.armSwitch(x, y),
      [from, to] as const,
    );
    samples.push(await clickAndRead(page));
  }
  return series(`${label}: switch`, samples);
}
