import fs from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DATE_APP, DATE_APP_LOCAL } from '../test-support/dateApps.ts';
import { expectDarkFollowsTheme, expectTailwindStyled, tailwindApp } from '../test-support/tailwindApp.ts';
import { blockEgress, ownServer } from './ownServer.ts';

// Our own server: offline npm mode over the cache the global setup fills (the shared one wipes its data).
// These specs exercise Sandpack with date-fns and use-immer, which the server would otherwise pre-bundle.
const {
  port: PORT,
  base: BASE,
  call,
  propose,
  signIn,
} = ownServer({
  portOffset: 1,
  token: 'sandpack-owner-token-0123456789',
  name: 'sandpack',
  env: { ROOM_PACKAGE_BUNDLES: '0' },
});

// Independent tests in order on one worker: a failure retries that test alone, not the whole file.

async function proposeApp(name: string, files: Record<string, string>) {
  const { roomId, res } = await propose(name, files);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { roomId, proposal: res.body.proposal as { id: string; dependencies: Record<string, string> } };
}

/** A context of its own with every request off loopback aborted and counted (`outside`), and its page. */
async function egressFreePage(browser: Browser) {
  const context = await browser.newContext();
  const outside = await blockEgress(context);
  return { context, outside, page: await context.newPage() };
}

/** Proposes the app in a room of its own, approves it over the API, signs `page` in and opens the app. */
async function approvedAndOpen(page: Page, name: string, files: Record<string, string>) {
  const { roomId, proposal } = await proposeApp(name, files);
  const app = (await call('POST', `/api/rooms/${roomId}/proposals/${proposal.id}/approve`)).body.app;
  await signIn(page);
  await page.goto(`${BASE}/rooms/${roomId}?app=${app.id}`);
  return { roomId, proposal, app };
}

test('an app importing date-fns is reviewed with exact versions and renders through the self-hosted Sandpack', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, outside, page } = await egressFreePage(browser);
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text().slice(0, 300)));
  const { roomId, proposal } = await proposeApp('Dates', DATE_APP);
  const react = JSON.parse(fs.readFileSync('node_modules/react/package.json', 'utf8')).version;
  expect(proposal.dependencies).toMatchObject({ react, 'react-dom': react });
  expect(proposal.dependencies['date-fns']).toMatch(/^\d+\.\d+\.\d+$/);

  await signIn(page);
  await page.goto(`${BASE}/rooms/${roomId}/review`);
  const card = page.getByRole('article', { name: 'Dates' });
  const packages = card.getByRole('region', { name: 'npm packages' });
  await expect(packages).toContainText(`date-fns ${proposal.dependencies['date-fns']} · Sandpack · `);
  await expect(packages).toContainText(`react ${react} · Sandpack · `);
  await card.getByRole('button', { name: 'Approve and create' }).click();
  await expect(page.getByRole('article')).toHaveCount(0);

  const { apps } = (await call('GET', `/api/rooms/${roomId}`)).body as { apps: { id: string }[] };
  const appId = apps[0]?.id ?? '';
  const started = Date.now();
  await page.goto(`${BASE}/rooms/${roomId}?app=${appId}`);
  await expect(page.getByText('Running with Sandpack: this app uses date-fns')).toBeVisible();
  const frame = page.frameLocator('iframe[title="Dates"]');
  await expect(frame.getByRole('heading', { name: 'DATE 2020-01-02' })).toBeVisible({ timeout: 60_000 });
  console.log(`sandpack time-to-first-preview (date-fns app): ${Date.now() - started} ms`);
  const iframe = page.locator('iframe[title="Dates"]');
  expect(await iframe.getAttribute('src')).toMatch(new RegExp(`^http://${appId}-sp\\.localhost:${PORT}/`));
  expect(await iframe.getAttribute('sandbox')).toBe(
    'allow-scripts allow-same-origin allow-forms allow-modals',
  );
  expect(await iframe.getAttribute('allow')).toBeNull();
  expect(outside).toEqual([]);
  await context.close();
});

test('the same app without npm packages opens on the Sucrase path, for comparison', async ({ browser }) => {
  const { context, outside, page } = await egressFreePage(browser);
  const { roomId, proposal } = await proposeApp('Dates local', DATE_APP_LOCAL);
  expect(proposal.dependencies).toBeNull();
  const app = (await call('POST', `/api/rooms/${roomId}/proposals/${proposal.id}/approve`)).body.app;
  await signIn(page);
  const started = Date.now();
  await page.goto(`${BASE}/rooms/${roomId}?app=${app.id}`);
  await expect(
    page.frameLocator('iframe[title="Dates local"]').getByRole('heading', { name: 'DATE 2020-01-02' }),
  ).toBeVisible();
  console.log(`sucrase time-to-first-preview (same app, local format): ${Date.now() - started} ms`);
  await expect(page.getByText(/Running with Sandpack/)).toHaveCount(0);
  expect(outside).toEqual([]);
  await context.close();
});

const IMMER_APP = {
  'src/App.tsx': `import { useState } from 'react';
import { useImmer } from 'use-immer';
import { files, useStoredState, useTheme } from '@room/sdk';

// localStorage is the launcher's here too (not the bundler origin's own): the same data as on the Sucrase path.
const visits = Number(localStorage.getItem('visits') ?? 0) + 1;
localStorage.setItem('visits', String(visits));

export default function App() {
  const [saved, setSaved, { loading }] = useStoredState('note', 'none');
  const [draft, updateDraft] = useImmer({ text: 'draft' });
  const { theme } = useTheme();
  const [exported, setExported] = useState('none');
  const [copied, setCopied] = useState('none');
  const bg = getComputedStyle(document.documentElement).getPropertyValue('--room-bg').trim();
  return (
    <main>
      <p>THEME {theme} {bg}</p>
      <p>VISITS {visits}</p>
      <button type="button" onClick={() => files.save('note.txt', String(saved)).then(() => setExported('saved'), (e) => setExported(e.code))}>Export</button>
      <p>EXPORT {exported}</p>
      <button type="button" onClick={() => navigator.clipboard.writeText('kept note').then(() => setCopied('ok'), (e) => setCopied(e.name))}>Copy</button>
      <p>COPY {copied}</p>
      <a href="https://example.com/notes-help">Help</a>
      <p>SAVED {loading ? 'loading' : String(saved)}</p>
      <button type="button" onClick={() => updateDraft((d) => { d.text = 'kept-42'; })}>Edit</button>
      <button type="button" onClick={() => setSaved(draft.text)}>Save {draft.text}</button>
    </main>
  );
}
`,
};

test('an app using use-immer keeps a value with @room/sdk through the host bridge, across a reload; it follows the theme, saves a file, copies and asks before a link', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { context, outside, page } = await egressFreePage(browser);
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text().slice(0, 300)));
  const { proposal } = await approvedAndOpen(page, 'Notes', IMMER_APP);
  // immer is use-immer's peer: the bundler installs no peers, so it is pinned and reviewed too.
  expect(Object.keys(proposal.dependencies)).toEqual(expect.arrayContaining(['immer', 'use-immer']));
  await expect(page.getByText('Running with Sandpack: this app uses immer, use-immer')).toBeVisible();
  const frame = page.frameLocator('iframe[title="Notes"]');
  await expect(frame.getByText('SAVED none')).toBeVisible({ timeout: 60_000 });
  await expect(frame.getByText('VISITS 1')).toBeVisible();
  await frame.getByRole('button', { name: 'Edit' }).click();
  await frame.getByRole('button', { name: 'Save kept-42' }).click();
  await expect(frame.getByText('SAVED kept-42')).toBeVisible();
  // The theme and files.save reach the bundler frame too.
  await expect(frame.getByText('THEME light #f6f7f9')).toBeVisible();
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
  await expect(frame.getByText('THEME dark #15171c')).toBeVisible();
  await frame.getByRole('button', { name: 'Export' }).click();
  const prompt = page.getByRole('dialog', { name: 'Save a file from Notes?' });
  await expect(prompt.getByRole('figure', { name: 'File name' }).locator('code')).toHaveText('note.txt');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    prompt.getByRole('button', { name: 'Save', exact: true }).click(),
  ]);
  expect(Buffer.concat(await (await download.createReadStream()).toArray()).toString()).toBe('kept-42');
  await expect(frame.getByText('EXPORT saved')).toBeVisible();
  await frame.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('button', { name: "Don't save" }).click();
  await expect(frame.getByText('EXPORT save_refused')).toBeVisible();
  // Clipboard writes and links go through the launcher from the bundler frame too.
  await frame.getByRole('button', { name: 'Copy' }).click();
  await expect(frame.getByText('COPY ok')).toBeVisible();
  await expect(page.getByText('Copied by Notes')).toBeVisible();
  await frame.getByRole('link', { name: 'Help' }).click();
  const link = page.getByRole('dialog', { name: 'Open a link from Notes?' });
  await expect(link.getByTestId('link-full')).toHaveText('https://example.com/notes-help');
  await link.getByRole('button', { name: 'Cancel' }).click();
  await expect(link).toHaveCount(0);

  await page.reload();
  await expect(page.frameLocator('iframe[title="Notes"]').getByText('SAVED kept-42')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.frameLocator('iframe[title="Notes"]').getByText('THEME dark #15171c')).toBeVisible();
  await expect(page.frameLocator('iframe[title="Notes"]').getByText('VISITS 2')).toBeVisible();
  expect(outside).toEqual([]);
  await context.close();
});

test('a start that cannot reach its bundler fails within the timeout with the reason, and Retry runs it', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const context = await browser.newContext();
  const outside = await blockEgress(context);
  let bundlerDown = true;
  await context.route(/-sp\.localhost/, (route) => (bundlerDown ? route.abort() : route.fallback()));
  const page = await context.newPage();
  // The launcher's clock is moved on instead of waited out: the timeout's minute, not the machine's.
  await page.clock.install();
  await approvedAndOpen(page, 'Dates retry', DATE_APP);
  await expect(page.getByText('Opening Dates retry with Sandpack…')).toBeVisible();
  const alert = page.getByRole('alert');
  // Time flows on between steps (seconds under load), so the bound before the timeout leaves 15 s of room.
  await page.clock.fastForward(45_000);
  await expect(page.getByText('Opening Dates retry with Sandpack…')).toContainText(/, \d+ s/);
  await expect(alert).toHaveCount(0);
  await page.clock.fastForward(15_000);
  await expect(alert).toContainText(/Sandpack did not start within 60 s \(last step: .+\)/);
  bundlerDown = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(
    page.frameLocator('iframe[title="Dates retry"]').getByRole('heading', { name: 'DATE 2020-01-02' }),
  ).toBeVisible({ timeout: 60_000 });
  expect(outside).toEqual([]);
  await context.close();
});

const PROBE_APP = {
  'src/App.tsx': `import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { cacheIsFilled } from '../server/npm/fillCache.ts';

const probe = (f: () => unknown) => { try { f(); return 'ok'; } catch { return 'blocked'; } };

export default function App() {
  const [api, setApi] = useState('pending');
  useEffect(() => {
    fetch('${BASE}/api/rooms', { credentials: 'include' }).then((r) => setApi(r.ok ? 'ok' : 'refused'), () => setApi('blocked'));
  }, []);
  return (
    <ul>
      <li>DATE {format(new Date(2020, 0, 2), 'yyyy')}</li>
      <li>STORAGE {probe(() => localStorage.setItem('k', 'v'))}</li>
      <li>PARENT {probe(() => window.parent.document.title)}</li>
      <li>API {api}</li>
    </ul>
  );
}
`,
};

test("the Sandpack frame reaches neither the shell nor its API, and its localStorage is the launcher's", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, outside, page } = await egressFreePage(browser);
  await approvedAndOpen(page, 'Probe', PROBE_APP);
  const frame = page.frameLocator('iframe[title="Probe"]');
  await expect(frame.getByText('DATE 2020')).toBeVisible({ timeout: 60_000 });
  await expect(frame.getByText(/^API (blocked|refused)$/)).toBeVisible();
  await expect(frame.getByText('PARENT blocked')).toBeVisible();
  // Its own browser storage is blocked (a third-party frame): localStorage is the launcher's, installed by the runtime.
  await expect(frame.getByText('STORAGE ok')).toBeVisible();
  expect(outside).toEqual([]);
  await context.close();
});

// CSS of its own and a class name that is also a utility (`hidden`): Tailwind stays off, the look is the app's.
const COUNTER_APP = {
  'src/App.tsx': `import { format } from 'date-fns';
import { useState } from 'react';
import './App.css';

export default function App() {
  const [n, setN] = useState(0);
  return (
    <main>
      <h1>DATE {format(new Date(2020, 0, 2), 'yyyy')}</h1>
      <p id="own" className="hidden">own CSS</p>
      <button type="button" onClick={() => setN(n + 1)}>Count {n}</button>
    </main>
  );
}
`,
  'src/App.css': '.hidden { color: rgb(1, 2, 3); }\n',
};

test('a Sandpack app keeps its state across tab switches, and its tab has one frame with its name', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { context, outside, page } = await egressFreePage(browser);
  const { roomId, proposal } = await proposeApp('Counter', COUNTER_APP);
  await call('POST', `/api/rooms/${roomId}/proposals/${proposal.id}/approve`);
  const local = await call('POST', `/api/rooms/${roomId}/proposals`, {
    name: 'Local',
    files: DATE_APP_LOCAL,
    idempotency_key: `sp-local-${Date.now()}`,
  });
  await call('POST', `/api/rooms/${roomId}/proposals/${local.body.proposal.id}/approve`);
  await signIn(page);
  await page.goto(`${BASE}/rooms/${roomId}`);
  // Pointer over the tab warms Sucrase frames for others; never for a Sandpack app.
  await page.getByRole('tab', { name: 'Counter' }).hover();
  await page.getByRole('tab', { name: 'Counter' }).click();
  const frame = page.frameLocator('iframe[title="Counter"]');
  await frame.getByRole('button', { name: 'Count 0' }).click({ timeout: 60_000 });
  await expect(frame.getByRole('button', { name: 'Count 1' })).toBeVisible();
  // No Tailwind: its `hidden` would be display none, its preflight would zero the heading's margin.
  await expect(frame.locator('#own')).toHaveCSS('color', 'rgb(1, 2, 3)');
  await expect(frame.locator('#own')).toHaveCSS('display', 'block');
  await expect(frame.locator('h1')).toHaveCSS('margin-top', '21.44px');
  for (let round = 0; round < 2; round += 1) {
    await page.getByRole('tab', { name: 'Local' }).click();
    await expect(
      page.frameLocator('iframe[title="Local"]').getByRole('heading', { name: 'DATE 2020-01-02' }),
    ).toBeVisible();
    await expect(page.locator('iframe[title="Counter"]')).toBeHidden();
    await page.getByRole('tab', { name: 'Counter' }).click();
    // Kept mounted: the count survives (a restart would show "Count 0").
    await expect(frame.getByRole('button', { name: 'Count 1' })).toBeVisible();
  }
  await expect(page.locator('iframe[title="Counter"]')).toHaveCount(1);
  await expect(page.getByTitle('Counter', { exact: true })).toHaveCount(1);
  expect(outside).toEqual([]);
  await context.close();
});

test('a broken Sandpack app shows the bundler’s own message with its file and line on the panel', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { context, outside, page } = await egressFreePage(browser);
  const broken = {
    ...DATE_APP,
    'src/Label.tsx':
      'export function Label({ text }: { text: string }) {\n  return <h1>DATE {text}</h2>;\n}\n',
  };
  await approvedAndOpen(page, 'Broken dates', broken);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('in src/Label.tsx, line 2', { timeout: 60_000 });
  await expect(alert).not.toContainText('The app failed to compile in Sandpack');
  console.log(`bundler message: ${await alert.locator('blockquote').textContent()}`);
  expect(outside).toEqual([]);
  await context.close();
});

test('an app styled only with Tailwind classes gets their styles in Sandpack, made in the launcher, dark following the theme', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { context, outside, page } = await egressFreePage(browser);
  await approvedAndOpen(page, 'Tailwind dates', tailwindApp(true));
  await expect(page.getByText('Running with Sandpack: this app uses date-fns')).toBeVisible();
  const frame = page.frameLocator('iframe[title="Tailwind dates"]');
  await expectTailwindStyled(frame, 60_000);
  await expect(frame.locator('#date')).toHaveText('DATE 2020-01-02');
  await expectDarkFollowsTheme(page, frame);
  expect(outside).toEqual([]);
  await context.close();
});

/** A to-do list on Sandpack (use-immer): Enter adds, Delete asks `confirm`, Nag asks six times from one click. */
const IMMER_TODO = {
  'src/App.tsx': `import { useImmer } from 'use-immer';

export default function App() {
  const [items, update] = useImmer<string[]>([]);
  const add = (e) => {
    e.preventDefault();
    const field = e.currentTarget.elements.namedItem('chore');
    update((d) => { d.push(field.value); });
    field.value = '';
  };
  return (
    <main>
      <form onSubmit={add}>
        <label>New chore <input name="chore" required /></label>
      </form>
      <form action="http://127.0.0.1:9/leak" method="post"><button>Send away</button></form>
      <ul>{items.map((item, i) => (
        <li key={item}>{item} <button type="button" onClick={() => confirm('Delete ' + item + '?') && update((d) => { d.splice(i, 1); })}>Delete {item}</button></li>
      ))}</ul>
      <button type="button" onClick={() => { for (let i = 0; i < 6; i++) confirm('Again ' + i); }}>Nag</button>
    </main>
  );
}
`,
};

test('a Sandpack app submits forms in its page, asks confirm through the browser, and a dialog flood offers Close app', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, outside, page } = await egressFreePage(browser);
  await approvedAndOpen(page, 'Chores SP', IMMER_TODO);
  const frame = page.frameLocator('iframe[title="Chores SP"]');
  const field = frame.getByLabel('New chore');
  await expect(field).toBeVisible({ timeout: 60_000 });
  await field.fill('Dishes');
  await field.press('Enter');
  await expect(frame.getByRole('listitem')).toHaveText([/Dishes/]);
  // A form posting away submits nothing and the bundler frame keeps its page.
  await frame.getByRole('button', { name: 'Send away' }).click();
  page.once('dialog', (d) => d.dismiss());
  await frame.getByRole('button', { name: 'Delete Dishes' }).click();
  await expect(frame.getByRole('listitem')).toHaveText([/Dishes/]);
  page.once('dialog', (d) => d.accept());
  await frame.getByRole('button', { name: 'Delete Dishes' }).click();
  await expect(frame.getByRole('listitem')).toHaveCount(0);

  const asked: string[] = [];
  page.on('dialog', (d) => {
    asked.push(d.message());
    void d.accept();
  });
  await frame.getByRole('button', { name: 'Nag' }).click();
  const banner = page.getByRole('alert');
  await expect(banner).toContainText('Chores SP opened too many dialogs');
  // At most three dialogs in 10 s: the two above count when they were that recent.
  expect(asked).toEqual(['Again 0', 'Again 1', 'Again 2'].slice(0, asked.length));
  expect(asked.length).toBeGreaterThanOrEqual(1);
  await banner.getByRole('button', { name: 'Close app' }).click();
  await expect(page.getByRole('alert')).toContainText('You closed this app.');
  await expect(page.locator('iframe[title="Chores SP"]')).toHaveCount(0);
  expect(outside).toEqual([]);
  await context.close();
});
