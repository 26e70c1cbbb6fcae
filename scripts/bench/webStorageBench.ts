import type { Page } from '@playwright/test';
import { type Driver, key, openOnce, type Series, series } from './openTab.ts';
import { markdownTable, type Row } from './report.ts';

const GREETING = 'hello from last time';
/** The app reads its stored greeting on its first render (and fails loudly without it). */
const READER = {
  'src/App.tsx': `export default function App() {
  const greeting = localStorage.getItem('greeting');
  if (greeting !== ${JSON.stringify(GREETING)}) throw new Error('localStorage did not hold the stored greeting');
  return (
    <main>
      <h1>{greeting}</h1>
      <p>Visits: {localStorage.getItem('visits')}</p>
    </main>
  );
}
`,
};
/** The same app reading nothing: the same text from a constant. */
const BLANK = {
  'src/App.tsx': `export default function App() {
  const greeting = ${JSON.stringify(GREETING)};
  return (
    <main>
      <h1>{greeting}</h1>
      <p>Visits: {'41'}</p>
    </main>
  );
}
`,
};
/** What the reader keeps: its greeting among 50 keys of an app's usual settings and lists (~25 KB). */
const STORED: [string, string][] = [
  ['greeting', GREETING],
  ['visits', '41'],
  ...Array.from({ length: 48 }, (_, i): [string, string] => [
    `item-${i}`,
    JSON.stringify({ i, text: 'x'.repeat(500) }),
  ]),
];

/**
 * An app reading `localStorage` on its first render against the same app reading nothing, cold and warm,
 * both on the launcher pool's path (its storage read on the click, beside the compile cache's: a hit).
 */
export async function measureWebStorage(page: Page, runs: number) {
  const cached = { reader: key('lsreaderapp'), blank: key('lsblankapp') };
  for (const [role, files] of [
    ['reader', READER],
    ['blank', BLANK],
  ] as const) {
    const primed = await page.evaluate(
      ([k, c, f]) => (window as unknown as { roomHarness: Driver }).roomHarness.prime(k, c, f),
      [key(`ls${role}p`), cached[role], files] as const,
    );
    if (!primed) throw new Error(`the compile cache did not keep the ${role} app`);
  }
  const seeded = await page.evaluate(
    ([entries]) => (window as unknown as { roomHarness: Driver }).roomHarness.seedLocal('reader', entries),
    [STORED] as const,
  );
  if (seeded !== STORED.length) throw new Error(`localStorage holds ${seeded} keys, not ${STORED.length}`);
  const samples = {
    readerCold: [] as number[],
    blankCold: [] as number[],
    readerWarm: [] as number[],
    blankWarm: [] as number[],
    bareCold: [] as number[],
    bareWarm: [] as number[],
  };
  for (let i = 0; i < runs; i++) {
    // `bare`: the app reading nothing, opened as before the launcher read localStorage at all.
    for (const [name, warm, role, read] of [
      ['readerCold', false, 'reader', true],
      ['blankCold', false, 'blank', true],
      ['bareCold', false, 'blank', false],
      ['readerWarm', true, 'reader', true],
      ['blankWarm', true, 'blank', true],
      ['bareWarm', true, 'blank', false],
    ] as const) {
      samples[name].push(
        await openOnce(page, {
          label: `ls${name.toLowerCase()}`,
          files: role === 'reader' ? READER : BLANK,
          warm,
          cachedAs: cached[role],
          localOf: read ? role : undefined,
        }),
      );
    }
  }
  const s: Record<keyof typeof samples, Series> = {
    readerCold: series('reads localStorage on first render: cold, compile cache hit', samples.readerCold),
    blankCold: series('same app reading nothing: cold, compile cache hit', samples.blankCold),
    readerWarm: series('reads localStorage on first render: warm, compile cache hit', samples.readerWarm),
    blankWarm: series('same app reading nothing: warm, compile cache hit', samples.blankWarm),
    bareCold: series('same app, launcher reading no localStorage: cold, compile cache hit', samples.bareCold),
    bareWarm: series('same app, launcher reading no localStorage: warm, compile cache hit', samples.bareWarm),
  };
  const rows: Row[] = [
    [s.readerCold, s.blankCold],
    [s.readerWarm, s.blankWarm],
  ].map(([reader, blank]) => ({
    figure: `${reader?.name} click-to-first-paint p50 (p95 ${reader?.p95.toFixed(1)} ms; anchor p95 ${blank?.p95.toFixed(1)} ms)`,
    value: reader?.p50 ?? 0,
    unit: 'ms',
    anchor: { name: `${blank?.name} p50`, value: blank?.p50 ?? 0 },
    target: { max: 1.1, of: 'ratio' as const },
  }));
  // What the read costs an app that never wrote: its empty namespace read on each open (report only).
  for (const [withRead, bare] of [
    [s.blankCold, s.bareCold],
    [s.blankWarm, s.bareWarm],
  ] as const)
    rows.push({
      figure: `${withRead.name} click-to-first-paint p50 (p95 ${withRead.p95.toFixed(1)} ms; anchor p95 ${bare.p95.toFixed(1)} ms)`,
      value: withRead.p50,
      unit: 'ms',
      anchor: { name: `${bare.name} p50`, value: bare.p50 },
    });
  const section = [
    '## localStorage on the first render',
    '',
    `An app that reads \`localStorage\` on its first render (its greeting among ${STORED.length} stored keys, ~25 KB) against the same app reading nothing, ${runs} runs each, interleaved; both on the launcher pool's path: on the click the launcher reads the app's \`localStorage\` from its IndexedDB (empty for the second app) beside the compile cache (a hit) and hands it over with the files, and the frame installs it before the app's first line. The last two rows put the app reading nothing beside the same open with no \`localStorage\` read at all (what an app that never wrote pays: one read of its empty namespace). \`BENCH_ONLY=webstorage npm run bench\` runs this section alone.`,
    '',
    markdownTable(rows),
    '',
  ].join('\n');
  return { section, rows, results: Object.values(s) };
}
