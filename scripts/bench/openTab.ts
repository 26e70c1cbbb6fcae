import type { Page } from '@playwright/test';
import { median, percentile } from './stats.ts';

/** The harness page's driver (test-support/harness/harnessEntry.ts), as the bench calls it. */
export type Driver = {
  arm: (
    key: string,
    files: Record<string, string>,
    warm: boolean,
    cachedAs?: string,
    packages?: string,
    site?: string,
    localOf?: string,
  ) => void;
  prime: (key: string, cachedAs: string, files: Record<string, string>) => Promise<boolean>;
  seedLocal: (appId: string, entries: [string, string][]) => Promise<number>;
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
export const key = (label: string) =>
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

/**
 * One open through the real runtime: arms the harness (a warm frame made now, or a cold one on the click;
 * `cachedAs` the app id the compile cache is asked for, `localOf` whose `localStorage` is read), lets a
 * warm frame load its runtime first, then clicks and returns click-to-first-paint in ms.
 */
export async function openOnce(
  page: Page,
  open: {
    files: Record<string, string>;
    warm: boolean;
    label: string;
    cachedAs?: string;
    packages?: string;
    site?: string;
    localOf?: string;
  },
): Promise<number> {
  await page.evaluate(
    ([k, f, w, c, p, s, l]) =>
      (window as unknown as { roomHarness: Driver }).roomHarness.arm(k, f, w, c, p, s, l),
    [key(open.label), open.files, open.warm, open.cachedAs, open.packages, open.site, open.localOf] as const,
  );
  // The warm frame loads its runtime (and, on a miss, compiles the app ahead) before the member clicks.
  if (open.warm) await page.waitForTimeout(700);
  return clickAndRead(page);
}

/** One app's open paths: cold and warm, each with its compiled modules in the cache (hit) or not (miss). */
export interface OpenSeries {
  coldHit: Series;
  coldMiss: Series;
  warmHit: Series;
  warmMiss: Series;
}

/**
 * Cold and warm click-to-first-paint through the real runtime and the launcher's compile cache, `runs`
 * each, hit and miss interleaved so both see the same load. Each frame gets an origin of its own, or with
 * `site` runs on that app's frame site (a site serves only its own app's bundle); `packages`: the app's
 * pre-built bundle path (`/deps/<hash>.js`), which the frame loads from that site.
 */
export async function measureOpen(
  page: Page,
  label: string,
  files: Record<string, string>,
  runs: number,
  app: { packages?: string; site?: string } = {},
): Promise<OpenSeries> {
  const samples = {
    coldHit: [] as number[],
    coldMiss: [] as number[],
    warmHit: [] as number[],
    warmMiss: [] as number[],
  };
  const cachedAs = key(`${label}app`);
  const primed = await page.evaluate(
    ([k, c, f]) => (window as unknown as { roomHarness: Driver }).roomHarness.prime(k, c, f),
    [key(`${label}p`), cachedAs, files] as const,
  );
  if (!primed) throw new Error(`the compile cache did not keep ${label}`);
  for (let i = 0; i < runs; i++) {
    for (const [name, warm, hit] of [
      ['coldHit', false, true],
      ['coldMiss', false, false],
      ['warmHit', true, true],
      ['warmMiss', true, false],
    ] as const) {
      samples[name].push(
        await openOnce(page, {
          label: `${label}${warm ? 'w' : 'c'}`,
          files,
          warm,
          // A miss asks the cache for an app id it never kept.
          cachedAs: hit ? cachedAs : key(`${label}m`),
          packages: app.packages,
          site: app.site,
        }),
      );
    }
  }
  return {
    coldHit: series(`${label}: cold, compile cache hit`, samples.coldHit),
    coldMiss: series(`${label}: cold, compile cache miss`, samples.coldMiss),
    warmHit: series(`${label}: warm, compile cache hit`, samples.warmHit),
    warmMiss: series(`${label}: warm, compile cache miss`, samples.warmMiss),
  };
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
