import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type FrameLocator, type Page, test } from '@playwright/test';
import { cacheIsFilled } from '../server/npm/fillCache.ts';
import { DATE_APP_SANDPACK } from '../test-support/dateApps.ts';
import { openApp, packageExamples } from '../test-support/packageExamples.ts';
import { requestOnHost } from '../test-support/requestOnHost.ts';
import { type RunningServer, spawnServer } from '../test-support/spawnServer.ts';
import { expectDarkFollowsTheme, expectTailwindStyled, tailwindApp } from '../test-support/tailwindApp.ts';
import type { ProposalView } from '../validation/views.ts';
import { E2E_NPM_CACHE as CACHE } from './env.ts';
import { cacheLocalPackage, localPackage } from './localPackage.ts';
import { blockEgress } from './ownServer.ts';

// Our own server, offline over the filled e2e cache: every package comes from the cache, none from outside.
const PORT = Number(process.env.E2E_PORT ?? 5179) + 2;
const TOKEN = 'packages-owner-token-0123456789';
const BASE = `http://127.0.0.1:${PORT}`;
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

let server: RunningServer;

// Independent tests in order on one worker: a failure retries that test alone, not the whole file.

/** A package that ships CSS, as toastify-js and leaflet do: its module's own, one by path, an image in it. */
const STYLED = localPackage('room-styled-pkg', {
  'package.json': JSON.stringify({ module: 'index.js' }),
  'index.js': "import './base.css';\nexport const badge = 'STYLED BADGE';\n",
  'base.css':
    '.styled-badge { color: rgb(10, 120, 30); padding-left: 13px; background-image: url(./dot.svg); }\n',
  'extra.css': '.styled-extra { margin-top: 9px; }\n',
  'dot.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"><rect width="2" height="2"/></svg>',
});

/** A Tailwind plugin, CommonJS as most are: what an app's tailwind.config requires, declared and pre-bundled. */
const TW_PLUGIN = localPackage('room-tw-plugin', {
  'package.json': JSON.stringify({ main: 'index.js' }),
  'index.js':
    "module.exports = { handler: ({ addUtilities }) => addUtilities({ '.plugged': { 'padding-left': '13px', color: 'rgb(10, 120, 30)' } }) };\n",
});

test.beforeAll(async () => {
  if (!cacheIsFilled(CACHE))
    throw new Error(`No npm cache at ${CACHE}: the e2e global setup fills it (or npm run sandpack:cache)`);
  await cacheLocalPackage(CACHE, STYLED);
  await cacheLocalPackage(CACHE, TW_PLUGIN);
  server = await spawnServer({
    PORT: String(PORT),
    ROOM_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'room-packages-')),
    ROOM_OWNER_TOKEN: TOKEN,
    ROOM_DEMO: '0',
    ROOM_NPM_CACHE: CACHE,
    ROOM_NPM_OFFLINE: '1',
  });
});
test.afterAll(async () => server?.stop());

async function call(method: string, url: string, body?: unknown) {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: auth,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** A GET under another Host header (fetch may not set one): how the frame site answers. */
async function getOnHost(
  pathname: string,
  host: string,
): Promise<{ status: number; type: string; cors: string }> {
  const res = await requestOnHost(PORT, host, pathname);
  return {
    status: res.status,
    type: String(res.headers['content-type']),
    cors: String(res.headers['access-control-allow-origin']),
  };
}

interface Approved {
  roomId: string;
  app: { id: string; packages_path: string | null; packages_note: string | null };
  proposal: ProposalView;
}

async function proposeAndApprove(
  name: string,
  files: Record<string, string>,
  inRoom?: string,
): Promise<Approved> {
  const roomId =
    inRoom ?? ((await call('POST', '/api/rooms', { name: `Room ${name}` })).body.room.id as string);
  const res = await call('POST', `/api/rooms/${roomId}/proposals`, {
    name,
    files,
    idempotency_key: `pk-${name}-${Date.now()}`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const approved = await call('POST', `/api/rooms/${roomId}/proposals/${res.body.proposal.id}/approve`);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return { roomId, app: approved.body.app, proposal: res.body.proposal };
}

async function signIn(page: Page) {
  await page.goto(`${BASE}/?token=${TOKEN}`);
  await expect(page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
}

/**
 * Proposes and approves `files` as `name` in a room of its own, then opens it in a fresh signed-in context
 * whose requests off loopback are refused (`outside`) and whose console errors are kept (`errors`).
 */
async function openApproved(browser: Browser, name: string, files: Record<string, string>) {
  const context = await browser.newContext();
  const outside = await blockEgress(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const approved = await proposeAndApprove(name, files);
  await signIn(page);
  await page.goto(`${BASE}/rooms/${approved.roomId}?app=${approved.app.id}`);
  return { ...approved, context, page, outside, errors, frame: page.frameLocator(`iframe[title="${name}"]`) };
}

const DATES_APP = {
  'src/App.tsx': `import { addDays, format } from 'date-fns';
import { formatISO } from 'date-fns/formatISO';
import { useStoredState } from '@room/sdk';

export default function App() {
  const [count, setCount, { loading }] = useStoredState('count', 0);
  const day = addDays(new Date(2020, 0, 1), 1);
  return (
    <main>
      <h1>DATE {format(day, 'yyyy-MM-dd')}</h1>
      <p>ISO {formatISO(day, { representation: 'date' })}</p>
      <p>COUNT {loading ? 'loading' : count}</p>
      <button type="button" onClick={() => setCount(count + 1)}>Add</button>
    </main>
  );
}
`,
};

test('a date-fns app (named import and a subpath) renders pre-bundled in an allow-scripts frame, with storage', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const outside = await blockEgress(context);
  const page = await context.newPage();
  const { roomId, app, proposal } = await proposeAndApprove('Dates', DATES_APP);
  // Judged at proposal time from the manifests, before anything was built.
  expect(proposal).toMatchObject({ expected_path: 'bundle', expected_note: null });
  const dateFns = proposal.packages?.find((p) => p.name === 'date-fns');
  expect(dateFns).toMatchObject({ role: 'direct', expected_path: 'bundle', expected_note: null });
  expect((dateFns?.unpacked_size ?? 0) > 100_000).toBe(true);
  expect(app).toMatchObject({ packages_path: 'bundle', packages_note: null });
  const view = (await call('GET', `/api/rooms/${roomId}`)).body.apps[0];
  expect(view).toMatchObject({
    packages_path: 'bundle',
    dependencies: null,
    sandpack_url: null,
    registry_url: null,
  });
  expect(view.packages_url).toMatch(
    new RegExp(`^http://${app.id}\\.localhost:${PORT}/deps/[0-9a-f]{64}\\.js$`),
  );
  // The bundle is served from the app's own frame site with the frame's CORS and no-sniff headers.
  const bundle = await getOnHost(new URL(view.packages_url).pathname, `${app.id}.localhost:${PORT}`);
  expect(bundle.status).toBe(200);
  expect(bundle.type).toMatch(/^text\/javascript/);
  expect(bundle.cors).toBe('*');

  await signIn(page);
  await page.goto(`${BASE}/rooms/${roomId}?app=${app.id}`);
  const frame = page.frameLocator('iframe[title="Dates"]');
  await expect(frame.getByRole('heading', { name: 'DATE 2020-01-02' })).toBeVisible();
  await expect(frame.getByText('ISO 2020-01-02')).toBeVisible();
  await expect(page.getByText(/Running with Sandpack/)).toHaveCount(0);
  const iframe = page.locator('iframe[title="Dates"]');
  expect(await iframe.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-modals');
  expect(await iframe.getAttribute('src')).toMatch(new RegExp(`^http://${app.id}\\.localhost:${PORT}/`));
  await expect(frame.getByText('COUNT 0')).toBeVisible();
  await frame.getByRole('button', { name: 'Add' }).click();
  await expect(frame.getByText('COUNT 1')).toBeVisible();
  await page.reload();
  await expect(page.frameLocator('iframe[title="Dates"]').getByText('COUNT 1')).toBeVisible();
  expect(outside).toEqual([]);
  await context.close();
});

test('a warm frame fetches its bundle before the click and runs it once the app is opened', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const outside = await blockEgress(context);
  const page = await context.newPage();
  const plain = await proposeAndApprove('Plain first', {
    'src/App.tsx': 'export default function App() { return <h1>PLAIN</h1>; }\n',
  });
  const dates = await proposeAndApprove('Dates warm', DATES_APP, plain.roomId);
  const bundleUrl = (await call('GET', `/api/rooms/${plain.roomId}`)).body.apps[1].packages_url as string;
  const fetched: string[] = [];
  page.on('request', (r) => r.url() === bundleUrl && fetched.push(r.url()));

  await signIn(page);
  await page.goto(`${BASE}/rooms/${plain.roomId}?app=${plain.app.id}`);
  await expect(
    page.frameLocator('iframe[title="Plain first"]').getByRole('heading', { name: 'PLAIN' }),
  ).toBeVisible();
  // A warm frame (idle time, or the pointer on its tab) fetches the bundle while none of its code runs yet.
  await page.getByRole('tab', { name: 'Dates warm' }).hover();
  await expect.poll(() => fetched.length).toBe(1);
  const warm = page.frameLocator('iframe[title="Dates warm"]');
  await expect(warm.getByRole('heading', { name: /DATE/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Dates warm' }).click();
  await expect(warm.getByRole('heading', { name: 'DATE 2020-01-02' })).toBeVisible();
  await expect(warm.getByText('ISO 2020-01-02')).toBeVisible();
  expect(fetched).toEqual([bundleUrl]);
  expect(dates.app.packages_path).toBe('bundle');
  expect(outside).toEqual([]);
  await context.close();
});

test("a package's CSS (its module's own and one imported by path, with an image) styles the app pre-bundled", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { app, frame, outside, context } = await openApproved(browser, 'Styled', {
    'package.json': JSON.stringify({ dependencies: { [STYLED.name]: STYLED.version } }),
    'src/App.tsx': `import { badge } from '${STYLED.name}';
import '${STYLED.name}/extra.css';

export default function App() {
  return <p className="styled-badge styled-extra">{badge}</p>;
}
`,
  });
  expect(app.packages_path).toBe('bundle');
  const badge = frame.getByText('STYLED BADGE');
  await expect(badge).toBeVisible();
  await expect(badge).toHaveCSS('color', 'rgb(10, 120, 30)');
  await expect(badge).toHaveCSS('padding-left', '13px');
  await expect(badge).toHaveCSS('margin-top', '9px');
  await expect(badge).toHaveCSS('background-image', /^url\("data:image\/svg\+xml/);
  expect(outside).toEqual([]);
  await context.close();
});

test('an app styled only with Tailwind classes that imports date-fns runs pre-bundled with its Tailwind styles', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { app, page, frame, outside, context } = await openApproved(
    browser,
    'Tailwind dates',
    tailwindApp(true),
  );
  expect(app).toMatchObject({ packages_path: 'bundle', packages_note: null });
  await expect(frame.locator('#date')).toHaveText('DATE 2020-01-02');
  await expectTailwindStyled(frame);
  await expectDarkFollowsTheme(page, frame);
  await expect(frame.locator('head style[data-tailwind]')).toHaveCount(1);
  await expect(page.getByText(/Running with Sandpack/)).toHaveCount(0);
  expect(outside).toEqual([]);
  await context.close();
});

test("a tailwind.config's plugin, declared in package.json, is pre-bundled and applied in the app's frame", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { app, frame, outside, context } = await openApproved(browser, 'Tailwind plugin', {
    'package.json': JSON.stringify({ dependencies: { [TW_PLUGIN.name]: TW_PLUGIN.version } }),
    'src/App.tsx': 'import \'./index.css\';\nexport default () => <p className="plugged">PLUGGED</p>;\n',
    'src/index.css': '@tailwind base;\n@tailwind components;\n@tailwind utilities;\n',
    'tailwind.config.js': `module.exports = { plugins: [require('${TW_PLUGIN.name}')] };\n`,
  });
  expect(app.packages_path).toBe('bundle');
  const text = frame.getByText('PLUGGED');
  await expect(text).toHaveCSS('padding-left', '13px');
  await expect(text).toHaveCSS('color', 'rgb(10, 120, 30)');
  expect(outside).toEqual([]);
  await context.close();
});

const AUTOSIZE_APP = {
  'src/App.tsx': `import { useState } from 'react';
import TextareaAutosize from 'react-textarea-autosize';

export default function App() {
  const [text, setText] = useState('hello');
  return (
    <main>
      <TextareaAutosize aria-label="Note" minRows={2} value={text} onChange={(e) => setText(e.target.value)} />
      <p>TEXT {text}</p>
    </main>
  );
}
`,
};

test("a React component package whose components call hooks shares the runtime's React", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { app, page, frame, outside, errors, context } = await openApproved(
    browser,
    'Autosize',
    AUTOSIZE_APP,
  );
  expect(app.packages_path).toBe('bundle');
  const note = frame.getByRole('textbox', { name: 'Note' });
  await expect(note).toHaveValue('hello');
  await note.fill('typed');
  await expect(frame.getByText('TEXT typed')).toBeVisible();
  expect(await page.locator('iframe[title="Autosize"]').getAttribute('sandbox')).toBe(
    'allow-scripts allow-forms allow-modals',
  );
  expect(errors.filter((e) => /Invalid hook call/.test(e))).toEqual([]);
  expect(outside).toEqual([]);
  await context.close();
});

// The render in Sandpack is not asserted here: on this machine the bundler stalled installing safe-buffer's
// app (ERR_INCOMPLETE_CHUNKED_ENCODING); the Sandpack specs render their own apps with bundles off.
test('a package that needs Node built-ins goes to Sandpack and says why', async ({ browser }) => {
  test.setTimeout(90_000);
  const { roomId, app, page, outside, context } = await openApproved(browser, 'Bytes', DATE_APP_SANDPACK);
  expect(app.packages_path).toBe('sandpack');
  expect(app.packages_note).toMatch(/^Runs in Sandpack: .*buffer/);
  const about = (await call('GET', `/api/rooms/${roomId}/apps/${app.id}/about`)).body.about;
  expect(about).toMatchObject({ packages_path: 'sandpack', packages_note: app.packages_note });
  const view = (await call('GET', `/api/rooms/${roomId}`)).body.apps[0];
  expect(view).toMatchObject({ packages_path: 'sandpack', packages_url: null });
  expect(view.sandpack_url).toMatch(/-sp\.localhost/);
  await expect(page.getByText('Running with Sandpack: this app uses date-fns, safe-buffer')).toBeVisible();
  expect(outside).toEqual([]);
  await context.close();
});

// A fixed sample of `npm run compat:sandpack` (their pins are in the e2e cache), each with what it shows through
// its package: immer's drafts behind a hook (typing updates the text), and remarkable's HTML.
const COMPAT_SAMPLE: Record<string, (frame: FrameLocator) => Promise<void>> = {
  'src/content/learn/updating-objects-in-state.md#7': async (frame) => {
    await frame.getByRole('textbox').first().fill('Ada Lovelace');
    await expect(frame.getByText(/Blue Nana by Ada Lovelace/)).toBeVisible();
  },
  'src/content/reference/react-dom/components/textarea.md#5': async (frame) => {
    await expect(frame.locator('strong', { hasText: 'Markdown' })).toBeVisible();
  },
};

test('a fixed sample of react.dev package examples renders pre-bundled', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const outside = await blockEgress(context);
  const page = await context.newPage();
  await signIn(page);
  const sample = packageExamples().filter((e) => e.id in COMPAT_SAMPLE);
  expect(sample.map((e) => e.id)).toEqual(Object.keys(COMPAT_SAMPLE));
  for (const [i, e] of sample.entries()) {
    const name = `Compat ${i + 1}`;
    const { roomId, app } = await proposeAndApprove(name, e.files);
    expect(app.packages_path, e.id).toBe('bundle');
    expect(await openApp(page, BASE, TOKEN, roomId, app.id, name), e.id).toMatchObject({
      path: 'bundle',
      rendered: true,
    });
    await COMPAT_SAMPLE[e.id]?.(page.frameLocator(`iframe[title="${name}"]`));
  }
  // The examples' own pictures on react.dev are the only requests that may try to leave.
  expect(outside.filter((url) => !url.startsWith('https://react.dev/images/'))).toEqual([]);
  await context.close();
});

// zustand's persist middleware reads localStorage when the store is created, inside the pre-built bundle.
const PERSIST_APP = {
  'package.json': JSON.stringify({ dependencies: { zustand: '4.5.7' } }),
  'src/App.tsx': `import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

const useCounter = create(
  persist((set) => ({ count: 0, add: () => set((s) => ({ count: s.count + 1 })) }), {
    name: 'counter',
    storage: createJSONStorage(() => localStorage),
  }),
);

export default function App() {
  const { count, add } = useCounter();
  return (
    <main>
      <p>PERSISTED {count}</p>
      <button type="button" onClick={add}>Add</button>
    </main>
  );
}
`,
};

test("zustand's persist middleware, pre-bundled, keeps its state in the app's localStorage across a reload", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const outside = await blockEgress(context);
  const page = await context.newPage();
  const { roomId, app } = await proposeAndApprove('Persisted counter', PERSIST_APP);
  expect(app).toMatchObject({ packages_path: 'bundle' });
  await signIn(page);
  await page.goto(`${BASE}/rooms/${roomId}?app=${app.id}`);
  const frame = () => page.frameLocator('iframe[title="Persisted counter"]');
  await expect(frame().getByText('PERSISTED 0')).toBeVisible({ timeout: 30_000 });
  await frame().getByRole('button', { name: 'Add' }).click();
  await frame().getByRole('button', { name: 'Add' }).click();
  await expect(frame().getByText('PERSISTED 2')).toBeVisible();
  await page.reload();
  await expect(frame().getByText('PERSISTED 2')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Running with Sandpack/)).toHaveCount(0);
  expect(outside).toEqual([]);
  await context.close();
});
