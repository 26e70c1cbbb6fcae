import type { Browser } from '@playwright/test';
import { DATE_APP_SUBPATH, DATE_APP_SUBPATH_LOCAL } from '../../test-support/dateApps.ts';
import { openHarness } from '../../test-support/harness/openHarness.ts';
import { addApp, addRoom, measureNavigation } from './fallback.ts';
import { measureOpen, type Series } from './openTab.ts';
import { jsonRows, markdownTable, type Row } from './report.ts';

interface RoomApp {
  id: string;
  packages_path: string | null;
  packages_url: string | null;
}

/**
 * The date-fns app (a named import and a subpath) on the pre-bundled path against the same app with no
 * packages, on one server with bundles on: navigation to first preview in the real launcher (fresh
 * context each run) and click-to-first-paint through the real runtime, `runs` each.
 */
export async function measurePackages(
  browser: Browser,
  base: string,
  token: string,
  runs: number,
  log: (line: string) => void,
): Promise<{ section: string; results: unknown }> {
  const roomId = await addRoom(base, token, 'Packages bench room');
  const apps = [
    { name: 'Dates pre-bundled', files: DATE_APP_SUBPATH },
    { name: 'Dates without packages', files: DATE_APP_SUBPATH_LOCAL },
  ];
  const ids: string[] = [];
  for (const a of apps) ids.push(await addApp(base, token, roomId, a.name, a.files));
  const room = (await fetch(`${base}/api/rooms/${roomId}`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((r) => r.json())) as { apps: RoomApp[] };
  const bundled = room.apps.find((a) => a.id === ids[0]);
  // A bench of the wrong path would report Sandpack's numbers as the bundle's.
  if (bundled?.packages_path !== 'bundle' || !bundled.packages_url)
    throw new Error(`the date-fns app was not pre-bundled: ${JSON.stringify(bundled)}`);
  const bundlePath = new URL(bundled.packages_url).pathname;

  log(`Packages: navigation to first preview, ${runs} fresh launcher pages each…`);
  const [navBundle, navLocal] = (await measureNavigation(
    browser,
    base,
    token,
    roomId,
    apps.map((a, i) => ({ id: ids[i] as string, name: a.name })),
    runs,
  )) as [Series, Series];
  log(`Packages: click-to-first-paint, ${runs} runs each (cold and warm, compile cache hit and miss)…`);
  const page = await browser.newPage();
  await openHarness(page, base);
  // Each app on its own frame site, as in the launcher: only the bundled app's site serves its bundle.
  const openBundle = await measureOpen(page, 'Dates pre-bundled', DATE_APP_SUBPATH, runs, {
    packages: bundlePath,
    site: ids[0],
  });
  const openLocal = await measureOpen(page, 'Dates without packages', DATE_APP_SUBPATH_LOCAL, runs, {
    site: ids[1],
  });
  await page.close();

  const ratio95 = (s: Series, anchor: Series) =>
    `p95 ${s.p95.toFixed(0)} ms; anchor p95 ${anchor.p95.toFixed(0)} ms, ratio ${(s.p95 / anchor.p95).toFixed(2)}x`;
  const rows: Row[] = [
    {
      figure: `pre-bundled date-fns app: navigation to first preview p50 (${ratio95(navBundle, navLocal)})`,
      value: navBundle.p50,
      unit: 'ms',
      anchor: { name: 'the same app without packages p50', value: navLocal.p50 },
      target: { max: 1.5, of: 'ratio' },
    },
  ];
  for (const [s, anchor, target] of [
    [openBundle.warmHit, openLocal.warmHit, { max: 1.2, of: 'ratio' }],
    [openBundle.warmMiss, openLocal.warmMiss, undefined],
    [openBundle.coldHit, openLocal.coldHit, undefined],
    [openBundle.coldMiss, openLocal.coldMiss, undefined],
  ] as const) {
    rows.push({
      figure: `${s.name} click-to-first-paint p50 (${ratio95(s, anchor)})`,
      value: s.p50,
      unit: 'ms',
      anchor: { name: `${anchor.name} p50`, value: anchor.p50 },
      target,
    });
  }
  const section = [
    '## Pre-bundled packages',
    '',
    `The date-fns app (a named import and the \`date-fns/formatISO\` subpath) on the pre-bundled path, against the same app with both functions as a local file, on one server with bundles on, offline from the filled npm cache. Navigation: a fresh launcher page's navigation to the app's heading, ${runs} runs each; click-to-first-paint: the real runtime in the bench harness, the bundle loaded by the frame from its own site, ${runs} runs each. Today's Sandpack path was 16x on navigation (the issue). \`BENCH_ONLY=packages npm run bench\` runs this section alone (\`BENCH_PACKAGES_RUNS\`, default 10).`,
    '',
    markdownTable(rows),
    '',
  ].join('\n');
  return {
    section,
    results: {
      rows: jsonRows(rows),
      series: [navBundle, navLocal, ...Object.values(openBundle), ...Object.values(openLocal)],
    },
  };
}
