/**
 * `npm run compat:sandpack`: the react.dev examples that need npm packages (not self-contained), each
 * proposed, approved and opened in a real launcher in headless Chromium through the Sandpack fallback,
 * with every non-loopback request aborted and counted. Fills the npm cache first through npm's CLI,
 * then runs the server offline. Prints one line per example and the pass count.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { spawnServer } from '../e2e/spawnServer.ts';
import { readConfig } from '../server/config.ts';
import { requestedRanges } from '../server/domain/dependencies.ts';
import { fillCache } from '../server/npm/fillCache.ts';
import { NpmCache } from '../server/npm/NpmCache.ts';
import { CORPUS_PATH } from '../test-support/harness/corpus.ts';

interface Example {
  id: string;
  files: Record<string, string>;
  self_contained: boolean;
}

const PORT = Number(process.env.SANDPACK_COMPAT_PORT ?? 5662);
const TOKEN = 'sandpack-compat-token-0123456789';
const BASE = `http://127.0.0.1:${PORT}`;
const PER_EXAMPLE_MS = 45_000;
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

const examples = (JSON.parse(fs.readFileSync(CORPUS_PATH, 'utf8')) as { examples: Example[] }).examples
  .filter((e) => !e.self_contained)
  // Proposals enter at src/App.tsx; the examples' App.js is plain JS, which TSX parses.
  .map((e) => {
    const { 'src/App.js': app, ...rest } = e.files;
    return { id: e.id, files: app === undefined ? e.files : { ...rest, 'src/App.tsx': app } };
  });

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

let passed = 0;
const times: number[] = [];
try {
  for (const [i, e] of examples.entries()) {
    const name = `Example ${i + 1}`;
    const proposed = await call('POST', `/api/rooms/${roomId}/proposals`, {
      name,
      files: e.files,
      idempotency_key: `compat-${i}-${Date.now()}`,
    });
    if (proposed.status !== 201) {
      process.stdout.write(`FAIL ${e.id}: proposal ${proposed.body.code}: ${proposed.body.message}\n`);
      continue;
    }
    const app = (await call('POST', `/api/rooms/${roomId}/proposals/${proposed.body.proposal.id}/approve`))
      .body.app;
    const started = Date.now();
    await page.goto(`${BASE}/rooms/${roomId}?app=${app.id}`);
    const done = page.locator('[data-sandpack-ms]').or(page.getByRole('alert'));
    const outcome = await done
      .first()
      .waitFor({ timeout: PER_EXAMPLE_MS })
      // A render error arrives just after "done": give it a moment before counting a pass.
      .then(() => page.waitForTimeout(1500))
      .then(async () =>
        (await page.getByRole('alert').count()) > 0 ? 0 : page.locator('[data-sandpack-ms]').count(),
      )
      .catch(() => -1);
    if (outcome > 0) {
      passed += 1;
      // Navigation to the bundler's "done", plus the settle wait above.
      const ms = Date.now() - started - 1500;
      times.push(ms);
      process.stdout.write(`ok   ${e.id} (${ms} ms to first preview)\n`);
    } else {
      const why =
        outcome < 0 ? 'no outcome in time' : ((await page.getByRole('alert').first().textContent()) ?? '');
      process.stdout.write(`FAIL ${e.id}: ${why.replace(/\s+/g, ' ').slice(0, 200)}\n`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
times.sort((a, b) => a - b);
process.stdout.write(
  `${passed} passed, ${examples.length - passed} failed (react.dev examples needing npm packages, through the Sandpack fallback); median ${times[Math.floor(times.length / 2)] ?? 0} ms; ${outside.length} requests left loopback\n`,
);
process.exitCode = passed === examples.length && outside.length === 0 ? 0 : 1;
