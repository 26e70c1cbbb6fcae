/**
 * `npm run compat:sandpack`: the packages compatibility run. Every react.dev example that needs npm packages
 * (not self-contained) is proposed, approved on a server with pre-built bundles on, and opened in a real
 * launcher in headless Chromium, with every non-loopback request aborted and counted. The server decides
 * each app's path at approval (pre-bundled, or Sandpack when its packages cannot be bundled); the run
 * reports per path how many rendered, in docs/compat-packages.md. Fills the npm cache first through the
 * registry, then runs the server offline.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ensureBuilt } from '../build/ensureBuilt.ts';
import { readConfig } from '../server/config.ts';
import { requestedRanges } from '../server/domain/dependencies.ts';
import { fillCache } from '../server/npm/fillCache.ts';
import { NpmCache } from '../server/npm/NpmCache.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test-support/chromium.ts';
import { type AppOutcome, openApp, packageExamples } from '../test-support/packageExamples.ts';
import { spawnServer } from '../test-support/spawnServer.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.SANDPACK_COMPAT_PORT ?? 5662);
const TOKEN = 'sandpack-compat-token-0123456789';
const BASE = `http://127.0.0.1:${PORT}`;
const REPORT = path.join(ROOT, 'docs/compat-packages.md');
// The Sandpack issue's closing note: 38 of 50 rendered, all through Sandpack.
const BEFORE = 38;
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

await ensureBuilt({ log: console.log });
// `COMPAT_MATCH`: only the examples whose id contains it (one example while investigating).
const examples = packageExamples().filter((e) => e.id.includes(process.env.COMPAT_MATCH ?? ''));
const config = readConfig();
const cache = new NpmCache({ dir: config.npmCacheDir, offline: false });
process.stdout.write(
  `Filling ${config.npmCacheDir} for ${examples.length} examples from the npm registry…\n`,
);
const wanted = new Map<string, string>();
for (const e of examples)
  for (const [n, r] of Object.entries(requestedRanges(e.files) ?? {})) wanted.set(`${n}@${r}`, n);
for (const [key, name] of wanted) {
  try {
    await fillCache(cache, [{ name, range: key.slice(name.length + 1), role: 'direct' }]);
  } catch (err) {
    process.stdout.write(`  cannot cache ${key}: ${(err as Error).message}\n`);
  }
}

const server = await spawnServer({
  PORT: String(PORT),
  ROOM_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'room-sandpack-compat-')),
  ROOM_OWNER_TOKEN: TOKEN,
  ROOM_DEMO: '0',
  ROOM_NPM_CACHE: config.npmCacheDir,
  ROOM_NPM_OFFLINE: '1',
  // The run measures the path the server chooses, so bundles are on whatever the caller's env says.
  ROOM_PACKAGE_BUNDLES: '1',
});
const call = async (method: string, url: string, body?: unknown) => {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext();
const outside: string[] = [];
await context.route('**', (route) => {
  const url = new URL(route.request().url());
  if (/^(127\.0\.0\.1|localhost|[a-z0-9-]+\.localhost)$/.test(url.hostname)) return route.continue();
  outside.push(url.href);
  return route.abort();
});
const page = await context.newPage();
await page.goto(`${BASE}/?token=${TOKEN}`);
await page.getByRole('heading', { name: 'Your rooms' }).waitFor();
const roomId = (await call('POST', '/api/rooms', { name: 'react.dev with npm packages' })).body.room.id;

// `note`: why the server sent the app to Sandpack, when a build at approval failed.
const results: (AppOutcome & { id: string; note: string | null })[] = [];
const started = Date.now();
try {
  for (const [i, e] of examples.entries()) {
    const name = `Example ${i + 1}`;
    const proposed = await call('POST', `/api/rooms/${roomId}/proposals`, {
      name,
      files: e.files,
      idempotency_key: `compat-${i}-${Date.now()}`,
    });
    if (proposed.status !== 201) {
      const why = `proposal ${proposed.body.code}: ${proposed.body.message}`;
      results.push({ id: e.id, path: 'not proposed', note: null, rendered: false, why });
      process.stdout.write(`FAIL ${e.id}: ${why}\n`);
      continue;
    }
    const approved = await call(
      'POST',
      `/api/rooms/${roomId}/proposals/${proposed.body.proposal.id}/approve`,
    );
    const outcome = await openApp(page, BASE, TOKEN, roomId, approved.body.app.id, name);
    results.push({ id: e.id, note: approved.body.app.packages_note ?? null, ...outcome });
    process.stdout.write(
      outcome.rendered
        ? `ok   ${e.id} [${outcome.path}] (${outcome.ms} ms to first output)\n`
        : `FAIL ${e.id} [${outcome.path}]: ${outcome.why}\n`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}

const paths = [...new Set(results.map((r) => r.path))];
const perPath = paths.map((p) => {
  const on = results.filter((r) => r.path === p);
  const times = on.flatMap((r) => (r.rendered && r.ms !== undefined ? [r.ms] : [])).sort((a, b) => a - b);
  return {
    path: p,
    total: on.length,
    rendered: on.filter((r) => r.rendered).length,
    median: times[Math.floor(times.length / 2)],
  };
});
const rendered = results.filter((r) => r.rendered).length;
const summary = `${rendered} of ${results.length} rendered (${perPath.map((p) => `${p.path}: ${p.rendered} of ${p.total}`).join('; ')}); ${outside.length} requests left loopback; ${Math.round((Date.now() - started) / 1000)} s`;
const cell = (s: string) => s.replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 240);
// A filtered run is an investigation, not the report.
if (!process.env.COMPAT_MATCH)
  fs.writeFileSync(
    REPORT,
    [
      '# Packages compatibility (react.dev examples that need npm packages)',
      '',
      `\`npm run compat:sandpack\` on ${new Date().toISOString()}: every react.dev example that is not self-contained (\`fixtures/corpus\`), proposed, approved on a server with pre-built bundles on (offline from the filled npm cache) and opened in a real launcher in headless Chromium, egress aborted and counted. The path is the one the server chose at approval: \`bundle\` (pre-bundled, the Sucrase frame), \`sandpack\` (its packages could not be bundled, or it needs Sandpack's own entry files), \`no packages\` (the Sucrase frame, nothing to bundle). Rendered: the app's first output with no error banner 1.5 s later. The Sandpack-only run before pre-built bundles rendered ${BEFORE} of 50.`,
      '',
      `**${summary}**`,
      '',
      '| path | examples | rendered | median ms to first output |',
      '|---|---|---|---|',
      ...perPath.map((p) => `| ${p.path} | ${p.total} | ${p.rendered} | ${p.median ?? ''} |`),
      '',
      '| example | path | rendered | ms | why not | why Sandpack |',
      '|---|---|---|---|---|---|',
      ...results.map(
        (r) =>
          `| ${r.id} | ${r.path} | ${r.rendered ? 'yes' : '**no**'} | ${r.ms ?? ''} | ${cell(r.why ?? '')} | ${cell(r.note ?? '')} |`,
      ),
      '',
    ].join('\n'),
  );
process.stdout.write(
  `${summary}\n${process.env.COMPAT_MATCH ? '' : `Wrote ${path.relative(ROOT, REPORT)}\n`}`,
);
process.exitCode = rendered === results.length && outside.length === 0 ? 0 : 1;
