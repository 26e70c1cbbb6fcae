import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { ensureBuilt } from '../build/ensureBuilt.ts';
import { cacheIsFilled } from '../server/npm/fillCache.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test-support/chromium.ts';
import { openHarness } from '../test-support/harness/openHarness.ts';
import { spawnServer } from '../test-support/spawnServer.ts';
import { tailwindApp } from '../test-support/tailwindApp.ts';
import { V3_APP } from '../test-support/tailwindConfigApps.ts';
import { busyRoomSection, measureBusyRoom } from './bench/busyRoom.ts';
import { measureCompile } from './bench/compileBench.ts';
import { measureConformance } from './bench/conformanceBench.ts';
import { measureFallback } from './bench/fallback.ts';
import { startFloorServer } from './bench/floorServer.ts';
import { newRenderersPss } from './bench/memory.ts';
import { measureFloors, measureOpen, measureSwitch, type Series } from './bench/openTab.ts';
import { measurePackages } from './bench/packagesBench.ts';
import { measurePropose } from './bench/proposeBench.ts';
import { jsonRows, markdownTable, type Row, saveSection } from './bench/report.ts';
import { fixedRate, mcpCall } from './bench/serverLoad.ts';
import { measureServers } from './bench/serversBench.ts';
import { measureStoreGrowth } from './bench/storeGrowth.ts';
import { storeSection } from './bench/storeSection.ts';
import { TWELVE_FILE_APP } from './bench/twelveFileApp.ts';
import { measureWebStorage } from './bench/webStorageBench.ts';
import { measureWeight } from './bench/weight.ts';

/**
 * `npm run bench`: open-tab latency, compile cost, server load and weight, each beside the anchor measured
 * in the same run, as ratios and percentiles. Writes docs/benchmarks.md and docs/benchmarks.json.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const RATE = 200;
const FALLBACK_RUNS = Number(process.env.BENCH_FALLBACK_RUNS ?? 5);
// The fallback serves packages offline from the cache `npm run sandpack:cache` fills.
const NPM_CACHE = path.join(ROOT, '.room-data', 'npm-cache');
const TOKEN = 'bench-owner-token-0123456789abcdef';
// Parts to leave out on a busy machine, comma-separated: compile, fallback, server, room, packages, webstorage, tailwind,
// conformance (said so in its section, never silently).
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const log = (line: string) => console.log(line);
const DOCS = path.join(ROOT, 'docs');
// One section run alone (`BENCH_ONLY`): written into the docs beside the last full run's, and shown.
const saveOnly = (key: string, part: { section: string; results: unknown }) => {
  saveSection(DOCS, key, part);
  log(`\n${part.section}`);
};

function readApp(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else files[child] = fs.readFileSync(path.join(dir, child), 'utf8');
    }
  };
  walk('');
  return files;
}

const started = Date.now();

// The store at size, on SQLite and PostgreSQL: `BENCH_ONLY=store` runs these rows alone.
const STORE_RATE = Number(process.env.BENCH_STORE_RATE ?? 100);
const STORE_SECONDS = Number(process.env.BENCH_STORE_SECONDS ?? 5);
async function benchStore(): Promise<{ section: string; results: unknown }> {
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!postgresUrl)
    log(
      'No BENCH_DATABASE_URL (or TEST_DATABASE_URL): SQLite only (tsx scripts/tempPostgres.ts start gives a PostgreSQL)',
    );
  const { rows, results } = await measureStoreGrowth({
    postgresUrl,
    port: Number(process.env.BENCH_STORE_PORT ?? 5292),
    rate: STORE_RATE,
    seconds: STORE_SECONDS,
    log,
  });
  return { section: storeSection(rows, results, STORE_RATE, STORE_SECONDS), results };
}
// Proposals a second and list_room_apps p99: SQLite, one and two servers on PostgreSQL (`BENCH_ONLY=servers`).
async function benchServers(): Promise<{ section: string; results: unknown }> {
  const { rows, results } = await measureServers({
    postgresUrl: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
    port: Number(process.env.BENCH_SERVERS_PORT ?? 5293),
    seconds: STORE_SECONDS,
    rate: STORE_RATE,
    log,
  });
  const section = [
    '## Several servers',
    '',
    `Through a real server process each (two: on one PostgreSQL schema behind nginx running \`deploy/nginx.conf\`): 16 MCP clients proposing back to back for ${STORE_SECONDS} s, then list_room_apps at ${STORE_RATE}/s for ${STORE_SECONDS} s after a 1 s warm-up, in a room with five apps. Report only: on 2 cores two servers share the same CPUs. \`BENCH_ONLY=servers npm run bench\` runs this section alone.`,
    '',
    markdownTable(rows),
    '',
  ].join('\n');
  return { section, results };
}
// A proposal under load and against the room's pending queue, per engine (`BENCH_ONLY=propose`).
const benchPropose = () =>
  measurePropose({
    postgresUrl: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
    port: Number(process.env.BENCH_PROPOSE_PORT ?? 5294),
    rate: RATE,
    seconds: LOAD_SECONDS,
    queueRuns: Number(process.env.BENCH_QUEUE_RUNS ?? 100),
    log,
  });
if (process.env.BENCH_ONLY === 'propose') {
  saveOnly('proposals', await benchPropose());
  process.exit(0);
}
// The MCP conformance suite on both eras (`BENCH_ONLY=conformance`); needs Node 22, else skipped saying why.
const benchConformance = () =>
  SKIP.has('conformance')
    ? Promise.resolve({
        section: '## MCP conformance\n\n**Skipped**: `BENCH_SKIP=conformance`.\n',
        results: { skipped: 'BENCH_SKIP=conformance' },
      })
    : measureConformance(process.env.BENCH_CONFORMANCE_PORT ?? '5295', log);
if (process.env.BENCH_ONLY === 'conformance') {
  saveOnly('conformance', await benchConformance());
  process.exit(0);
}
if (process.env.BENCH_ONLY === 'servers') {
  saveOnly('servers', await benchServers());
  process.exit(0);
}
if (process.env.BENCH_ONLY === 'store') {
  saveOnly('store_growth', await benchStore());
  process.exit(0);
}

await ensureBuilt({ log });
if (!cacheIsFilled(NPM_CACHE)) {
  log('No npm cache for the Sandpack fallback yet: filling it (npm run sandpack:cache)…');
  const filled = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/sandpackCache.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (filled.status !== 0) throw new Error('npm run sandpack:cache failed');
}
// The date-fns app pre-bundled against the same app without packages: a server of its own with bundles on.
const PACKAGES_RUNS = Number(process.env.BENCH_PACKAGES_RUNS ?? 10);
const BENCH_PORT = Number(process.env.BENCH_PORT ?? 5291);
async function benchPackages(browser: Browser): Promise<{ section: string; results: unknown }> {
  const packagesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-bench-packages-'));
  const bundling = await spawnServer({
    // Alone it takes the bench's port; in a full run the next one, beside the main server.
    PORT:
      process.env.BENCH_PACKAGES_PORT ??
      String(process.env.BENCH_ONLY === 'packages' ? BENCH_PORT : BENCH_PORT + 1),
    ROOM_DATA_DIR: packagesDir,
    ROOM_OWNER_TOKEN: TOKEN,
    ROOM_DEMO: '0',
    ROOM_PROPOSALS_PER_MINUTE: '1000000',
    ROOM_NPM_CACHE: NPM_CACHE,
    ROOM_NPM_OFFLINE: '1',
    ROOM_PACKAGE_BUNDLES: '1',
  });
  try {
    return await measurePackages(browser, bundling.url, TOKEN, PACKAGES_RUNS, log);
  } finally {
    await bundling.stop();
    fs.rmSync(packagesDir, { recursive: true, force: true });
  }
}
if (process.env.BENCH_ONLY === 'packages') {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    saveOnly('packages', await benchPackages(browser));
  } finally {
    await browser.close();
  }
  process.exit(0);
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-bench-'));
const server = await spawnServer({
  PORT: String(BENCH_PORT),
  ROOM_DATA_DIR: dataDir,
  ROOM_OWNER_TOKEN: TOKEN,
  ROOM_PROPOSALS_PER_MINUTE: '1000000',
  ROOM_NPM_CACHE: NPM_CACHE,
  ROOM_NPM_OFFLINE: '1',
  // Nothing pre-built: the "Sandpack fallback" rows measure Sandpack, not the pre-bundled path.
  ROOM_PACKAGE_BUNDLES: '0',
});
const floors = await startFloorServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const rows: Row[] = [];
const series: Series[] = [];
// The launcher in a room of 50 apps against a room of one: `BENCH_ONLY=room` runs these rows alone.
const ROOM_RUNS = Number(process.env.BENCH_ROOM_RUNS ?? 10);
async function benchRoom() {
  const { rows, result } = await measureBusyRoom(browser, {
    base: server.url,
    token: TOKEN,
    runs: ROOM_RUNS,
    log,
  });
  return { section: busyRoomSection(rows, ROOM_RUNS), results: result };
}
// Floors, then each app's cold and warm open on a compile cache hit and miss, then switches; `BENCH_ONLY=open` runs these alone.
async function openRows(page: Page): Promise<Row[]> {
  const standup = readApp(path.join(ROOT, 'demo/standup-timer'));
  log(
    `Open a tab: ${RUNS} runs of each (floors; Standup timer, 12-file app: cold, warm, compile cache hit and miss; switch)…`,
  );
  const [floorCold, floorWarm] = (await measureFloors(page, floors.frameUrl, RUNS)) as [Series, Series];
  const standupOpen = await measureOpen(page, 'Standup timer', standup, RUNS);
  const twelveOpen = await measureOpen(page, '12-file app', TWELVE_FILE_APP, RUNS);
  const standupSwitch = await measureSwitch(page, 'Standup timer', standup, RUNS);
  const twelveSwitch = await measureSwitch(page, '12-file app', TWELVE_FILE_APP, RUNS);
  series.push(floorCold, floorWarm);
  for (const open of [standupOpen, twelveOpen])
    series.push(open.coldHit, open.coldMiss, open.warmHit, open.warmMiss);
  series.push(standupSwitch, twelveSwitch);
  // The targets hold on a hit; a miss (first open on this device, or an update) holds its own looser ones.
  return (
    [
      [standupOpen.coldHit, floorCold, { max: 1.2, of: 'ratio' }],
      [standupOpen.coldMiss, floorCold, { max: 1.3, of: 'ratio' }],
      [twelveOpen.coldHit, floorCold, { max: 1.2, of: 'ratio' }],
      [twelveOpen.coldMiss, floorCold, { max: 1.3, of: 'ratio' }],
      [standupOpen.warmHit, floorWarm, { max: 1.5, of: 'ratio' }],
      [standupOpen.warmMiss, floorWarm, { max: 1.5, of: 'ratio' }],
      [twelveOpen.warmHit, floorWarm, { max: 1.5, of: 'ratio' }],
      [twelveOpen.warmMiss, floorWarm, { max: 1.5, of: 'ratio' }],
      [standupSwitch, undefined, { max: 16, of: 'value' }],
      [twelveSwitch, undefined, { max: 16, of: 'value' }],
    ] as const
  ).map(([s, floor, target]) => ({
    figure: `${s.name} click-to-first-paint p50 (p95 ${s.p95.toFixed(1)} ms${floor ? `; anchor p95 ${floor.p95.toFixed(1)} ms, ratio ${(s.p95 / floor.p95).toFixed(2)}x` : ''})`,
    value: s.p50,
    unit: 'ms',
    anchor: floor ? { name: `${floor.name} p50`, value: floor.p50 } : undefined,
    target,
  }));
}
try {
  if (process.env.BENCH_ONLY === 'room') {
    saveOnly('busy_room', await benchRoom());
  } else if (process.env.BENCH_ONLY === 'open') {
    // The open-tab rows alone (floors, both apps' hits and misses), printed and not written to the docs.
    const page = await browser.newPage();
    await openHarness(page, server.url);
    log(markdownTable(await openRows(page)));
  } else if (process.env.BENCH_ONLY === 'webstorage') {
    const page = await browser.newPage();
    await openHarness(page, server.url);
    saveOnly('web_storage', await measureWebStorage(page, RUNS));
  } else {
    const standup = readApp(path.join(ROOT, 'demo/standup-timer'));
    const page = await browser.newPage();
    await openHarness(page, server.url);
    rows.push(...(await openRows(page)));
    const [floorCold, floorWarm] = series as [Series, Series];
    // Report only: a Tailwind v4 app (its CSS kept with the compile cache) and a v3 one whose config runs in the frame.
    if (!SKIP.has('tailwind'))
      for (const [label, files] of [
        ['Tailwind v4 app', tailwindApp()],
        ['Tailwind v3 config app', V3_APP],
      ] as const) {
        const open = await measureOpen(page, label, files, RUNS);
        for (const [s, floor] of [
          [open.coldHit, floorCold],
          [open.warmHit, floorWarm],
          [open.warmMiss, floorWarm],
        ] as const) {
          series.push(s);
          rows.push({
            figure: `${s.name} click-to-first-paint p50 (p95 ${s.p95.toFixed(1)} ms)`,
            value: s.p50,
            unit: 'ms',
            anchor: { name: `${floor.name} p50`, value: floor.p50 },
          });
        }
      }

    let compile: Awaited<ReturnType<typeof measureCompile>> | undefined;
    if (!SKIP.has('compile')) {
      log('Compile: the runtime vs raw Sucrase vs Babel over the corpus…');
      const compilePage = await browser.newPage();
      await openHarness(compilePage, server.url);
      const measured = await measureCompile(compilePage);
      compile = measured;
      for (const stat of ['median', 'total'] as const) {
        const label = stat === 'median' ? `per-file median (${compile.files} files)` : 'total';
        rows.push({
          figure: `compile ${label}: runtime`,
          value: measured[stat].runtime as number,
          unit: 'ms',
          anchor: {
            name: 'raw Sucrase',
            value: measured[stat].sucrase as number,
          },
          target: { max: 1.2, of: 'ratio' },
        });
        rows.push({
          figure: `compile ${label}: runtime vs Babel`,
          value: measured[stat].runtime as number,
          unit: 'ms',
          anchor: {
            name: '@babel/standalone',
            value: measured[stat].babel as number,
          },
        });
      }
    }
    if (!SKIP.has('fallback')) {
      log(`Fallback: Sandpack vs Sucrase for the same app, ${FALLBACK_RUNS} fresh launcher pages each…`);
      const [viaSandpack, viaSucrase, sandpackSwitch, sucraseSwitch] = await measureFallback(
        browser,
        server.url,
        TOKEN,
        FALLBACK_RUNS,
      );
      series.push(viaSandpack, viaSucrase, sandpackSwitch, sucraseSwitch);
      rows.push({
        figure: `Sandpack app: tab switch, click to frame painted p50 (p95 ${sandpackSwitch.p95.toFixed(1)} ms; kept mounted, no restart)`,
        value: sandpackSwitch.p50,
        unit: 'ms',
        anchor: { name: 'the Sucrase path tab switch in the same launcher p50', value: sucraseSwitch.p50 },
      });
      rows.push({
        figure: `Sandpack fallback: navigation to first preview p50 (p95 ${viaSandpack.p95.toFixed(0)} ms; date-fns app)`,
        value: viaSandpack.p50,
        unit: 'ms',
        anchor: { name: 'the same app on the Sucrase path p50', value: viaSucrase.p50 },
      });
    }
    log('Memory: one open app, and the launcher page…');
    const cdp = await browser.newBrowserCDPSession();
    const appPss = await newRenderersPss(cdp, async () => {
      await page.evaluate((files) => {
        const h = (
          window as unknown as {
            roomHarness: { post: (...a: unknown[]) => void; open: (id: string) => void };
          }
        ).roomHarness;
        h.post('memory-app', files);
        h.open('memory-app');
      }, standup);
      await page.waitForFunction(
        () =>
          (window as unknown as { roomHarness: { state: (id: string) => string } }).roomHarness.state(
            'memory-app',
          ) === 'running',
      );
      await page.waitForTimeout(500);
    });
    rows.push({
      figure: 'memory: one open app (its renderer process, PSS)',
      value: appPss / 2 ** 20,
      unit: 'MB',
    });
    const emptyRoom = await fetch(`${server.url}/api/rooms`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Empty bench room' }),
    }).then((r) => r.json() as Promise<{ room: { id: string } }>);
    // The anchor: a page that is nothing but React painting "hello" (the floor frame's document, top level).
    const helloContext = await browser.newContext();
    const helloPss = await newRenderersPss(cdp, async () => {
      const hello = await helloContext.newPage();
      await hello.goto(floors.frameUrl(`hello${Date.now().toString(36)}`, false));
      await hello.getByText('hello').waitFor();
      await hello.waitForTimeout(500);
    });
    await helloContext.close();
    const launcherContext = await browser.newContext();
    const launcherPss = await newRenderersPss(cdp, async () => {
      const launcher = await launcherContext.newPage();
      await launcher.goto(`${server.url}/?token=${TOKEN}`);
      await launcher.getByRole('heading', { name: 'Your rooms' }).waitFor();
      await launcher.goto(`${server.url}/rooms/${emptyRoom.room.id}`);
      await launcher.getByText('No apps in this room yet.').waitFor();
      await launcher.waitForTimeout(500);
    });
    rows.push({
      figure: 'memory: launcher page, no app open (renderer PSS)',
      value: launcherPss / 2 ** 20,
      unit: 'MB',
      anchor: { name: 'a React hello page', value: helloPss / 2 ** 20 },
      target: { max: 1.5, of: 'ratio' },
    });
    await launcherContext.close();

    const load: Awaited<ReturnType<typeof fixedRate>>[] = [];
    if (!SKIP.has('server')) {
      log(`Server: ${RATE} requests/s for ${LOAD_SECONDS} s each (anchor: GET /healthz)…`);
      const mcp = `${server.url}/api/v1/external-mcp`;
      const rooms = (await fetch(`${server.url}/api/rooms`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      }).then((r) => r.json())) as { rooms: { id: string; name: string }[] };
      const demo = rooms.rooms.find((r) => r.name === 'Demo room')?.id as string;
      const anchor = await fixedRate('GET /healthz', {
        rate: RATE,
        seconds: LOAD_SECONDS,
        send: () => fetch(`${server.url}/healthz`).then((r) => r.ok),
      });
      const list = await fixedRate('list_room_apps', {
        rate: RATE,
        seconds: LOAD_SECONDS,
        send: (i) => mcpCall(mcp, TOKEN, 'list_room_apps', { room_id: demo, limit: 10 }, i),
      });
      // propose_room_snippet_app at this rate: the Proposals section, against its own /healthz.
      for (const r of [list]) {
        rows.push({
          figure: `${r.name} p99 at ${RATE}/s (p50 ${r.p50.toFixed(2)} ms; ${r.ok}/${r.sent} ok; ${r.throughput.toFixed(0)}/s)`,
          value: r.p99,
          unit: 'ms',
          anchor: { name: 'GET /healthz p99', value: anchor.p99 },
          target: { max: 10, of: 'value' },
        });
      }

      load.push(anchor, list);
    }
    const weight = measureWeight();
    rows.push(
      {
        figure: 'launcher initial JS (gzip, Sandpack excluded)',
        value: weight.launcherInitialGzip / 1024,
        unit: 'KB',
        target: { max: 120, of: 'value' },
      },
      {
        figure: 'frame runtime JS every frame loads (gzip: React, loader, SDK, overlay)',
        value: weight.frameRuntimeGzip / 1024,
        unit: 'KB',
      },
      {
        figure: 'frame compiler JS, loaded on a compile cache miss or while warming for one (gzip: Sucrase)',
        value: weight.frameCompilerGzip / 1024,
        unit: 'KB',
      },
      {
        figure: `Sandpack fallback chunks (gzip, loaded only on that path: ${weight.sandpackFiles.length} files)`,
        value: weight.sandpackGzip / 1024,
        unit: 'KB',
      },
    );

    const room = SKIP.has('room') ? undefined : await benchRoom();
    const web = SKIP.has('webstorage') ? undefined : await measureWebStorage(page, RUNS);
    const packages = SKIP.has('packages') ? undefined : await benchPackages(browser);
    const store = await benchStore();
    const proposals = await benchPropose();
    const conformance = await benchConformance();
    const several = await benchServers();

    const machine = {
      cpu: `${os.cpus()[0]?.model ?? 'unknown'} × ${os.cpus().length}`,
      memory_gib: Math.round(os.totalmem() / 2 ** 30),
      os: `${os.type()} ${os.release()}`,
      node: process.version,
      chromium: browser.version(),
      date: new Date().toISOString(),
      seconds: Math.round((Date.now() - started) / 1000),
    };
    const json = {
      machine,
      runs: RUNS,
      fallback_runs: FALLBACK_RUNS,
      rows: jsonRows(rows),
      series,
      compile,
      load,
      weight,
      busy_room: room?.results,
      web_storage: web?.results,
      packages: packages?.results,
      store_growth: store.results,
      proposals: proposals.results,
      conformance: conformance.results,
      servers: several.results,
    };
    fs.writeFileSync(path.join(ROOT, 'docs/benchmarks.json'), `${JSON.stringify(json, null, 2)}\n`);
    const md = [
      '# Benchmarks',
      '',
      `\`npm run bench\` on ${machine.cpu}, ${machine.memory_gib} GiB, ${machine.os}, Node ${machine.node}, Chromium ${machine.chromium}; ${machine.date}, ${machine.seconds} s. Every anchor was measured in the same run; click-to-first-paint is from the click's event time to the frame's first-paint report (rAF, then a task), ${RUNS} runs each; the fallback rows time a fresh launcher page's navigation to the app's first output, ${FALLBACK_RUNS} runs each; server rows are open-loop load after a 1 s warm-up at the same rate; compile rows: per-file medians over repeated compiles and the median whole pass over the corpus. Raw numbers: \`docs/benchmarks.json\`.`,
      '',
      markdownTable(rows),
      '',
      ...(room ? [room.section] : []),
      ...(web ? [web.section] : []),
      ...(packages ? [packages.section] : []),
      store.section,
      proposals.section,
      several.section,
      conformance.section,
    ].join('\n');
    fs.writeFileSync(path.join(ROOT, 'docs/benchmarks.md'), md);
    log(`\n${md}`);
  }
} finally {
  await browser.close();
  floors.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
