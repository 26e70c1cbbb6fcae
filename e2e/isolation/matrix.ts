import { expect } from '@playwright/test';
import { BUNDLER_PATHS } from './bundlerPaths.ts';
import { probeApp, tickerApp } from './probeApp.ts';
import type { Attempt, Env, Probe, RowContext } from './rowEnv.ts';

export type Group =
  | 'parent-dom'
  | 'storage'
  | 'cross-app'
  | 'navigation'
  | 'network'
  | 'messaging'
  | 'exhaustion'
  | 'reviewer'
  | 'unreviewed'
  | 'sandpack';

/** An app's files; `earlier` holds the room id and the ids of the row's apps approved before it. */
type FilesFor = (env: Env, earlier: Record<string, string>) => Record<string, string>;

/** One hostile snippet or proposal, and the outcome the host must show. */
export interface Row {
  id: string;
  group: Group;
  /** What the snippet or proposal tries. */
  attempt: string;
  /** What the host must show. */
  outcome: string;
  /** Approved apps by role (`main` is the hostile one), proposed and approved in this order. */
  apps?: Record<string, FilesFor>;
  /** Pages the loopback listener serves at `/page/<id>-<name>`. */
  pages?: Record<string, (env: Env) => string>;
  /** A room of its own: no warm frames or tabs from other rows. */
  ownRoom?: boolean;
  timeoutMs?: number;
  check: (t: RowContext) => Promise<void>;
}

const at = (probe: Probe, key: string) => probe[key] as Attempt;

/** The attempt failed inside the frame (threw or rejected), with `error` when given. */
function failed(attempt: Attempt | undefined, error?: string | RegExp): void {
  expect(attempt, 'the attempt was recorded').toBeDefined();
  expect(attempt?.ok, `expected a failure, saw ${JSON.stringify(attempt)}`).toBe(false);
  if (typeof error === 'string') expect(attempt?.error).toBe(error);
  else if (error) expect(String(attempt?.error)).toMatch(error);
}

/** Nothing left the frame: the request log and the loopback listener saw nothing. */
async function noLeaks(t: RowContext): Promise<void> {
  await t.page.waitForTimeout(300);
  expect(t.leaks(), 'requests that left a frame').toEqual([]);
}

/**
 * No HTTP request or upgrade left a frame. A frame *navigation* (its own, or a nested frame's) that CSP
 * refuses still opens a bare TCP connection (and DNS lookup) to the target first, with no bytes sent:
 * the documented residual, allowed here and nowhere else.
 */
async function noHttpLeaks(t: RowContext): Promise<void> {
  await t.page.waitForTimeout(300);
  expect(
    t.leaks().filter((l) => l !== 'listener connection '),
    'requests that left a frame',
  ).toEqual([]);
}

/** The launcher is where it was: same room URL, no popup, no dialog, no download, no crash, no error banner. */
async function launcherIntact(t: RowContext, role = 'main'): Promise<void> {
  expect(new URL(t.page.url()).pathname).toBe(`/rooms/${t.roomId}`);
  expect(
    t.popups.map((p) => p.url()),
    'pages opened',
  ).toEqual([]);
  expect(t.dialogs, 'dialogs').toEqual([]);
  expect(t.downloads, 'downloads').toEqual([]);
  expect(t.crashes, 'host crashes').toEqual([]);
  await expect(t.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(t.iframe(role)).toBeAttached();
  await expect(t.page.getByRole('tabpanel').getByRole('alert')).toHaveCount(0);
}

async function openAndProbe(t: RowContext, role = 'main'): Promise<Probe> {
  await t.open(role);
  return t.probe(role);
}

/** Samples the launcher's main-thread stalls for `ms`. */
async function stallsDuring(t: RowContext, ms: number): Promise<number[]> {
  const samples: number[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    samples.push(await t.hostStall());
    await t.page.waitForTimeout(100);
  }
  return samples;
}

/** Samples the launcher's main-thread stalls until the app's probe has rendered (at most `ms`). */
async function stallsUntilProbe(t: RowContext, ms = 30_000): Promise<number[]> {
  const samples: number[] = [];
  const probe = t.frame().locator('pre[data-probe]');
  const until = Date.now() + ms;
  while ((await probe.count()) === 0 && Date.now() < until) {
    samples.push(await t.hostStall());
    await t.page.waitForTimeout(100);
  }
  samples.push(await t.hostStall());
  return samples;
}

async function propose(t: RowContext, name: string, files: Record<string, string>) {
  return t.api.post(`/api/rooms/${t.roomId}/proposals`, {
    data: { name, files, idempotency_key: `iso-${name}-${Date.now()}-${Math.random()}` },
  });
}

async function proposeOk(t: RowContext, name: string, files: Record<string, string>): Promise<string> {
  const res = await propose(t, name, files);
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { proposal: { id: string } }).proposal.id;
}

/** Every record in the shell origin's IndexedDB, as JSON lines (the storage bridge's side). */
async function hostRecords(t: RowContext): Promise<string[]> {
  return t.page.evaluate(async () => {
    const req = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const lines: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await req(indexedDB.open(info.name));
      for (const store of db.objectStoreNames) {
        const os = db.transaction(store).objectStore(store);
        const [keys, values] = await Promise.all([req(os.getAllKeys()), req(os.getAll())]);
        for (const [i, key] of keys.entries())
          lines.push(JSON.stringify({ db: info.name, store, key, value: values[i] }));
      }
      db.close();
    }
    return lines;
  });
}

const empty = (v: unknown) => v === null || v === 'undefined';

const spinnerApp = (label: string, body: string) => ({
  'src/App.tsx': `import { useEffect } from 'react';
export default function App() {
  useEffect(() => {
    setTimeout(() => {
      ${body}
    }, 1500);
  }, []);
  return <p>${label}</p>;
}
`,
});

const parentDom: Row[] = [
  {
    id: 'D1',
    group: 'parent-dom',
    attempt: '(static) the iframe the launcher creates for an approved app',
    outcome:
      'sandbox is exactly "allow-scripts"; the document loads from the app\'s own <key>.localhost origin',
    apps: { main: () => tickerApp('D1 plain app') },
    async check(t) {
      await t.open();
      await expect(t.iframe()).toHaveAttribute('sandbox', 'allow-scripts');
      const src = new URL((await t.iframe().getAttribute('src')) ?? '');
      expect(src.hostname).toBe(`${t.appId().toLowerCase()}.localhost`);
      await expect(t.frame().getByText('D1 plain app')).toBeVisible();
    },
  },
  {
    id: 'D2',
    group: 'parent-dom',
    attempt: 'write parent.document, read parent/top DOM, location, globals and frameElement',
    outcome: 'each throws SecurityError (frameElement is null); the host DOM and title are unchanged',
    apps: {
      main: () =>
        probeApp(`
  out.write = await attempt(() => { parent.document.body.innerHTML = 'pwned'; return 'wrote'; });
  out.title = await attempt(() => { top.document.title = 'pwned'; return 'wrote'; });
  out.read = await attempt(() => top.document.querySelector('main').textContent);
  out.location = await attempt(() => parent.location.href);
  out.globals = await attempt(() => typeof parent.fetch);
  out.localStorage = await attempt(() => parent.localStorage.length);
  out.frameElement = await attempt(() => window.frameElement);
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      for (const key of ['write', 'title', 'read', 'location', 'globals', 'localStorage'])
        failed(at(p, key), 'SecurityError');
      expect(at(p, 'frameElement').value).toBeNull();
      expect(await t.page.title()).not.toContain('pwned');
      await expect(t.page.locator('body')).not.toContainText('pwned');
      await launcherIntact(t);
    },
  },
  {
    id: 'D3',
    group: 'parent-dom',
    attempt: 'read window.origin; assign document.domain',
    outcome: 'window.origin is "null"; the assignment throws SecurityError',
    apps: {
      main: () =>
        probeApp(`
  out.origin = window.origin;
  out.domain = await attempt(() => { document.domain = 'localhost'; return document.domain; });
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      expect(p.origin, 'window.origin').toBe('null');
      failed(at(p, 'domain'), 'SecurityError');
    },
  },
  {
    id: 'D4',
    group: 'parent-dom',
    attempt: "reach another app's frame through parent.frames: its DOM, its location, a forged handshake",
    outcome: 'every DOM access throws; the other app keeps running and is not stopped',
    apps: {
      victim: () => tickerApp('D4 victim intact'),
      main: () =>
        probeApp(`
  out.frames = parent.frames.length;
  out.reached = [];
  for (let i = 0; i < parent.frames.length; i++) {
    const other = parent.frames[i];
    if (other === window) continue;
    out.reached.push(await attempt(() => other.document.body.innerHTML));
    out.reached.push(await attempt(() => other.localStorage.length));
    const channel = new MessageChannel();
    other.postMessage({ type: 'room-connect', version: 1 }, '*', [channel.port2]);
    await attempt(() => { other.location.href = 'about:blank#hijacked'; return 'assigned'; });
  }
  await wait(500);
`),
    },
    async check(t) {
      await t.open('victim');
      await expect(t.frame('victim').getByText('D4 victim intact')).toBeVisible();
      const p = await openAndProbe(t, 'main');
      expect(p.frames as number, 'frames the app can count').toBeGreaterThanOrEqual(2);
      const reached = p.reached as Attempt[];
      expect(reached.length).toBeGreaterThanOrEqual(2);
      for (const attempt of reached) failed(attempt, 'SecurityError');
      await t.page.getByRole('tab', { name: t.appName('victim'), exact: true }).click();
      const ticks = t.frame('victim').locator('output[data-ticks]');
      const before = Number(await ticks.textContent());
      await expect.poll(async () => Number(await ticks.textContent())).toBeGreaterThan(before);
      await launcherIntact(t, 'victim');
    },
  },
  {
    id: 'D5',
    group: 'parent-dom',
    attempt: 'set its own document.title to markup, push history entries, change its hash',
    outcome: "the tab keeps the app's name; the launcher's URL is unchanged",
    apps: {
      main: () =>
        probeApp(`
  document.title = '<img src=x onerror=alert(1)>';
  out.push = await attempt(() => { history.pushState({}, '', '#pushed'); return history.length; });
  location.hash = 'hash-changed';
`),
    },
    async check(t) {
      await openAndProbe(t);
      await expect(t.page.getByRole('tab', { name: t.appName(), exact: true })).toBeVisible();
      expect(new URL(t.page.url()).hash).toBe('');
      expect(await t.page.title()).not.toContain('<img');
      await launcherIntact(t);
    },
  },
];

const storage: Row[] = [
  {
    id: 'S1',
    group: 'storage',
    attempt: "indexedDB.open('x') and indexedDB.databases()",
    outcome: 'both fail with SecurityError',
    apps: {
      main: () =>
        probeApp(`
  out.open = await attempt(() => new Promise((resolve, reject) => {
    const r = indexedDB.open('x');
    r.onsuccess = () => resolve('opened');
    r.onerror = () => reject(r.error);
  }));
  out.databases = await attempt(() => indexedDB.databases());
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      failed(at(p, 'open'), 'SecurityError');
      failed(at(p, 'databases'), 'SecurityError');
    },
  },
  {
    id: 'S2',
    group: 'storage',
    attempt: 'localStorage.setItem and sessionStorage.setItem',
    outcome: 'both throw SecurityError',
    apps: {
      main: () =>
        probeApp(`
  out.local = await attempt(() => { localStorage.setItem('a', '1'); return localStorage.getItem('a'); });
  out.session = await attempt(() => { sessionStorage.setItem('a', '1'); return sessionStorage.getItem('a'); });
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      failed(at(p, 'local'), 'SecurityError');
      failed(at(p, 'session'), 'SecurityError');
    },
  },
  {
    id: 'S3',
    group: 'storage',
    attempt: "document.cookie = 'leak=1', then read document.cookie",
    outcome: 'both throw SecurityError; the browser holds no new cookie',
    apps: {
      main: () =>
        probeApp(`
  out.write = await attempt(() => { document.cookie = 'leak=1; path=/'; return document.cookie; });
  out.read = await attempt(() => document.cookie);
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      failed(at(p, 'write'), 'SecurityError');
      failed(at(p, 'read'), 'SecurityError');
      expect((await t.context.cookies()).map((c) => c.name)).not.toContain('leak');
    },
  },
  {
    id: 'S4',
    group: 'storage',
    attempt: "caches.open('c') and caches.keys()",
    outcome: 'both reject with SecurityError',
    apps: {
      main: () =>
        probeApp(`
  out.open = await attempt(() => caches.open('c'));
  out.keys = await attempt(() => caches.keys());
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      failed(at(p, 'open'), 'SecurityError');
      failed(at(p, 'keys'), 'SecurityError');
    },
  },
  {
    id: 'S5',
    group: 'storage',
    attempt: "navigator.serviceWorker.register('/sw.js') (and a blob: worker script)",
    outcome: 'registration fails; the context has no service worker',
    apps: {
      main: () =>
        probeApp(`
  out.register = await attempt(() => navigator.serviceWorker.register('/sw.js'));
  const blob = URL.createObjectURL(new Blob(['self.onfetch = () => {};'], { type: 'text/javascript' }));
  out.blob = await attempt(() => navigator.serviceWorker.register(blob));
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      failed(at(p, 'register'));
      failed(at(p, 'blob'));
      expect(t.context.serviceWorkers()).toEqual([]);
    },
  },
  {
    id: 'S6',
    group: 'storage',
    attempt: 'navigator.storage.persist(), estimate(), getDirectory() (OPFS)',
    outcome: 'each rejects',
    apps: {
      main: () =>
        probeApp(`
  out.persist = await attempt(() => navigator.storage.persist());
  out.estimate = await attempt(() => navigator.storage.estimate());
  out.directory = await attempt(() => navigator.storage.getDirectory());
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      failed(at(p, 'persist'), 'TypeError');
      failed(at(p, 'estimate'));
      failed(at(p, 'directory'));
    },
  },
  {
    id: 'K1',
    group: 'storage',
    attempt: "@room/sdk storage.set('visits', n + 1) on every start, then the launcher reloads",
    outcome: 'the value survives the reload; the host holds it in its own IndexedDB under the instance id',
    apps: {
      main: () =>
        probeApp(`
  out.before = await attempt(() => sdk.storage.get('visits'));
  const n = typeof out.before.value === 'number' ? out.before.value : 0;
  out.set = await attempt(() => sdk.storage.set('visits', n + 1));
  out.after = await attempt(() => sdk.storage.get('visits'));
`),
    },
    async check(t) {
      const first = await openAndProbe(t);
      expect(at(first, 'set').ok, JSON.stringify(first)).toBe(true);
      expect(at(first, 'after').value).toBe(1);
      await t.page.reload();
      const second = await t.probe();
      expect(at(second, 'before').value, JSON.stringify(second)).toBe(1);
      expect(at(second, 'after').value).toBe(2);
      const records = (await hostRecords(t)).filter((r) => r.includes('visits'));
      expect(records.length, 'host IndexedDB records for the key').toBeGreaterThan(0);
      expect(records.join('\n')).toContain(t.appId());
    },
  },
  {
    id: 'K2',
    group: 'storage',
    attempt:
      '@room/sdk: one 64 MB value, then 900 KB values until the app quota is full, then delete one and write',
    outcome:
      'too_large for the value, quota_exceeded once full; the host holds exactly the writes that succeeded; freeing space lets writes work again; the launcher stays responsive',
    apps: {
      main: () =>
        probeApp(`
  out.big = await attempt(() => sdk.storage.set('big', 'x'.repeat(64 * 1024 * 1024)));
  const chunk = 'x'.repeat(900 * 1024);
  out.filled = 0;
  for (let i = 0; i < 40; i++) {
    const r = await attempt(() => sdk.storage.set('fill' + i, chunk));
    if (!r.ok) { out.full = r; break; }
    out.filled++;
  }
  out.read = await attempt(() => sdk.storage.get('fill' + out.filled));
  out.freed = await attempt(() => sdk.storage.delete('fill0'));
  out.small = await attempt(() => sdk.storage.set('small', 1));
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      failed(at(p, 'big'), 'too_large');
      failed(at(p, 'full'), 'quota_exceeded');
      expect(p.filled as number, 'writes before the quota').toBeGreaterThan(0);
      expect(empty(at(p, 'read').value), JSON.stringify(p.read)).toBe(true);
      expect(at(p, 'freed').ok && at(p, 'small').ok, JSON.stringify([p.freed, p.small])).toBe(true);
      const records = (await hostRecords(t)).filter((r) => r.includes(t.appId()) && r.includes('"fill'));
      expect(records, 'fill records the host holds').toHaveLength((p.filled as number) - 1);
      expect(await t.hostStall()).toBeLessThan(500);
      await launcherIntact(t);
    },
  },
];

const crossApp: Row[] = [
  {
    id: 'K3',
    group: 'cross-app',
    attempt: "app A stores 'secret'; app B reads the same key and lists its keys",
    outcome: "B sees nothing of A's; A's record stays A's alone in the host's IndexedDB",
    apps: {
      writer: () => probeApp(`  out.set = await attempt(() => sdk.storage.set('secret', 'A-only'));`),
      main: () =>
        probeApp(`
  out.get = await attempt(() => sdk.storage.get('secret'));
  out.keys = await attempt(() => sdk.storage.keys());
  out.set = await attempt(() => sdk.storage.set('secret', 'B-own'));
`),
    },
    async check(t) {
      const writer = await openAndProbe(t, 'writer');
      expect(at(writer, 'set').ok, JSON.stringify(writer)).toBe(true);
      const p = await openAndProbe(t, 'main');
      expect(at(p, 'get').ok, JSON.stringify(p)).toBe(true);
      expect(empty(at(p, 'get').value)).toBe(true);
      expect(at(p, 'keys').value).toBe('');
      const records = await hostRecords(t);
      const aOnly = records.filter((r) => r.includes('A-only'));
      expect(aOnly).toHaveLength(1);
      expect(aOnly[0]).toContain(t.appId('writer'));
      expect(aOnly[0]).not.toContain(t.appId('main'));
    },
  },
  {
    id: 'K4',
    group: 'cross-app',
    attempt:
      "crafted keys and arguments naming the other app: '../secret', '*', NUL, [room, app, key] arrays, {appId}",
    outcome: "none returns A's value; A's record is unchanged",
    apps: {
      writer: () => probeApp(`  out.set = await attempt(() => sdk.storage.set('secret', 'A-only'));`),
      main: (_env, earlier) =>
        probeApp(`
  const A = ${JSON.stringify(earlier.writer)};
  const ROOM = ${JSON.stringify(earlier.room)};
  const tries = ['../secret', '../' + A + '/secret', A + '/secret', A + ':secret', '*', '', 'secret\\u0000', '%2e%2e/secret'];
  out.values = [];
  for (const key of tries) out.values.push(await attempt(() => sdk.storage.get(key)));
  out.values.push(await attempt(() => sdk.storage.get([ROOM, A, 'secret'])));
  out.values.push(await attempt(() => sdk.storage.get({ appId: A, key: 'secret' })));
  out.values.push(await attempt(() => sdk.storage.get('secret', { appId: A, instance: A, room: ROOM })));
  out.keys = await attempt(() => sdk.storage.keys({ appId: A }));
  out.clear = await attempt(() => sdk.storage.clear({ appId: A }));
`),
    },
    async check(t) {
      const writer = await openAndProbe(t, 'writer');
      expect(at(writer, 'set').ok, JSON.stringify(writer)).toBe(true);
      const p = await openAndProbe(t, 'main');
      expect(JSON.stringify(p)).not.toContain('A-only');
      expect(
        (p.values as Attempt[]).some((a) => a.ok),
        JSON.stringify(p.values),
      ).toBe(true);
      const records = await hostRecords(t);
      expect(records.filter((r) => r.includes('A-only'))).toHaveLength(1);
    },
  },
  {
    id: 'X1',
    group: 'cross-app',
    attempt: "two apps open BroadcastChannel('room') and post to each other",
    outcome: 'neither receives anything: each frame is its own opaque origin',
    apps: {
      peer: () =>
        probeApp(`
  const got = [];
  const channel = new BroadcastChannel('room');
  channel.onmessage = (e) => got.push(String(e.data));
  for (let i = 0; i < 15; i++) { channel.postMessage('from peer ' + i); await wait(200); }
  out.got = got;
`),
      main: () =>
        probeApp(`
  const got = [];
  const channel = new BroadcastChannel('room');
  channel.onmessage = (e) => got.push(String(e.data));
  for (let i = 0; i < 8; i++) { channel.postMessage('from main ' + i); await wait(200); }
  out.got = got;
`),
    },
    async check(t) {
      await t.open('peer');
      await t.open('main');
      const main = await t.probe('main');
      const peer = await t.probe('peer');
      expect(main.got, 'what main received').toEqual([]);
      expect(peer.got, 'what peer received').toEqual([]);
    },
  },
];

const navigation: Row[] = [
  {
    id: 'N1',
    group: 'navigation',
    attempt: 'top.location = the listener, a data: URL and a blob: URL',
    outcome: 'blocked; the launcher URL is unchanged; no request',
    apps: {
      main: (env) =>
        probeApp(`
  out.http = await attempt(() => { top.location.href = '${env.listener}/n1'; return 'assigned'; });
  out.data = await attempt(() => { top.location.href = 'data:text/html,<h1>phish</h1>'; return 'assigned'; });
  const blob = URL.createObjectURL(new Blob(['<h1>phish</h1>'], { type: 'text/html' }));
  out.blob = await attempt(() => { top.location.href = blob; return 'assigned'; });
  out.replace = await attempt(() => { top.location.replace('${env.listener}/n1-replace'); return 'assigned'; });
  await wait(500);
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      for (const key of ['http', 'data', 'blob', 'replace']) failed(at(p, key));
      await noLeaks(t);
      await launcherIntact(t);
    },
  },
  {
    id: 'N2',
    group: 'navigation',
    attempt: 'window.open of the listener, about:blank and a data: URL',
    outcome: 'each returns null; no new page; no request',
    apps: {
      main: (env) =>
        probeApp(`
  out.http = await attempt(() => window.open('${env.listener}/n2'));
  out.blank = await attempt(() => window.open('about:blank'));
  out.data = await attempt(() => window.open('data:text/html,x', '_blank', 'noopener'));
  await wait(500);
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      for (const key of ['http', 'blank', 'data']) expect(at(p, key).value, key).toBeNull();
      await noLeaks(t);
      await launcherIntact(t);
    },
  },
  {
    id: 'N3',
    group: 'navigation',
    attempt: 'click <a target=_blank> and <a target=_top> links to the listener',
    outcome: 'no new page; the launcher URL is unchanged; no request',
    apps: {
      main: (env) =>
        probeApp(`
  for (const target of ['_blank', '_top', '_parent', 'fresh-window']) {
    const a = document.createElement('a');
    a.href = '${env.listener}/n3-' + target;
    a.target = target;
    a.textContent = target;
    document.body.append(a);
    a.click();
  }
  await wait(700);
`),
    },
    async check(t) {
      await openAndProbe(t);
      await noLeaks(t);
      await launcherIntact(t);
    },
  },
  {
    id: 'N4',
    group: 'navigation',
    attempt: 'submit forms with target=_top and target=_blank to the listener',
    outcome: 'blocked (no allow-forms, form-action none); no request; no new page',
    apps: {
      main: (env) =>
        probeApp(`
  for (const target of ['_top', '_blank', '_self']) {
    const form = document.createElement('form');
    form.action = '${env.listener}/n4-' + target;
    form.method = 'post';
    form.target = target;
    const input = document.createElement('input');
    input.name = 'data';
    input.value = 'secret';
    form.append(input);
    document.body.append(form);
    out['submit' + target] = await attempt(() => { form.submit(); return 'submitted'; });
    out['request' + target] = await attempt(() => { form.requestSubmit(); return 'submitted'; });
  }
  await wait(700);
`),
    },
    async check(t) {
      await openAndProbe(t);
      await noLeaks(t);
      await launcherIntact(t);
    },
  },
  {
    id: 'N5',
    group: 'navigation',
    attempt: '<a download> clicks on a blob: and a data: URL',
    outcome: 'no download (no allow-downloads); no request; the app keeps its page',
    apps: {
      main: () =>
        probeApp(`
  const blob = URL.createObjectURL(new Blob(['secret'], { type: 'text/plain' }));
  for (const href of [blob, 'data:text/plain,secret']) {
    const a = document.createElement('a');
    a.href = href;
    a.download = 'secret.txt';
    document.body.append(a);
    a.click();
  }
  await wait(800);
`),
    },
    async check(t) {
      await openAndProbe(t);
      await noLeaks(t);
      await launcherIntact(t);
    },
  },
  {
    id: 'N6',
    group: 'navigation',
    attempt: "navigate its own frame to the listener with data in the URL (location.href = '…?d=secret')",
    outcome:
      'the shell\'s frame-src refuses the new document (no HTTP request leaves); the launcher stops the app: "This app left its page and was stopped." + "Reload app"',
    apps: {
      main: (env) =>
        probeApp(`
  await wait(300);
  location.href = '${env.listener}/n6?d=secret';
`),
    },
    async check(t) {
      await t.open();
      const panel = t.page.getByRole('tabpanel');
      await expect(panel.getByText('This app left its page and was stopped.')).toBeVisible({
        timeout: 10_000,
      });
      await expect(panel.getByRole('button', { name: 'Reload app' })).toBeVisible();
      await noHttpLeaks(t);
      expect(t.popups).toEqual([]);
      expect(new URL(t.page.url()).pathname).toBe(`/rooms/${t.roomId}`);
    },
  },
  {
    id: 'N7',
    group: 'navigation',
    attempt:
      'navigate its own frame to a frame-host URL the shell allows (another <key>.localhost), then post SDK calls and a handshake from there',
    outcome:
      'the launcher stops the app and revokes its port; the new document gets no port and no answer; nothing reaches a third party',
    apps: {
      main: () =>
        probeApp(`
  await wait(300);
  location.href = 'http://n7-elsewhere.localhost:' + location.port + '/?leak=secret';
`),
    },
    async check(t) {
      await t.open();
      const panel = t.page.getByRole('tabpanel');
      await expect(panel.getByText('This app left its page and was stopped.')).toBeVisible({
        timeout: 10_000,
      });
      const navigated = t.page.frames().find((f) => f.url().includes('n7-elsewhere'));
      expect(navigated, 'the navigated frame').toBeDefined();
      // Whatever runs in the new document posts to the launcher: nothing may answer.
      const answers = await navigated?.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const got: string[] = [];
            window.addEventListener('message', (e) => got.push(`${e.data?.type}:${e.ports.length}`));
            parent.postMessage({ type: 'ready', version: 1 }, '*');
            parent.postMessage({ type: 'sdk-call', id: 1, method: 'get', params: { key: 'secret' } }, '*');
            parent.postMessage({ type: 'sdk-call', id: 2, method: 'keys', params: {} }, '*');
            setTimeout(() => resolve(got), 1500);
          }),
      );
      expect(answers, 'messages the navigated document received').toEqual([]);
      await noLeaks(t);
      expect(new URL(t.page.url()).pathname).toBe(`/rooms/${t.roomId}`);
    },
  },
  {
    id: 'N8',
    group: 'navigation',
    attempt: '<a download> to an http URL (the listener), which the sandbox turns into a navigation',
    outcome:
      "no download; the shell's frame-src refuses the navigation (no HTTP request); the app is stopped",
    apps: {
      main: (env) =>
        probeApp(`
  await wait(300);
  const a = document.createElement('a');
  a.href = '${env.listener}/n8.txt?d=secret';
  a.download = 'secret.txt';
  document.body.append(a);
  a.click();
`),
    },
    async check(t) {
      await t.open();
      await expect(t.page.getByText('This app left its page and was stopped.')).toBeVisible({
        timeout: 10_000,
      });
      await t.page.waitForTimeout(500);
      expect(t.downloads).toEqual([]);
      await noHttpLeaks(t);
    },
  },
];

/** A network row: `body` aims at the listener; nothing may reach it or the request log. */
const networkRow = (
  id: string,
  attempt: string,
  body: (env: Env) => string,
  check?: (p: Probe) => void,
): Row => ({
  id,
  group: 'network',
  attempt,
  outcome: 'blocked in the frame; zero requests in the context log and at the loopback listener',
  apps: { main: (env) => probeApp(`${body(env)}\n  await wait(800);\n`) },
  async check(t) {
    const p = await openAndProbe(t);
    check?.(p);
    await noLeaks(t);
  },
});

const network: Row[] = [
  networkRow(
    'E1',
    'fetch (cors, no-cors, keepalive) to the listener',
    (env) => `
  out.cors = await attempt(() => fetch('${env.listener}/e1-cors').then((r) => r.status));
  out.noCors = await attempt(() => fetch('${env.listener}/e1-nocors', { mode: 'no-cors' }).then((r) => r.type));
  out.keepalive = await attempt(() => fetch('${env.listener}/e1-keepalive', { method: 'POST', body: 'secret', keepalive: true }).then((r) => r.status));`,
    (p) => {
      for (const k of ['cors', 'noCors', 'keepalive']) failed(at(p, k), 'TypeError');
    },
  ),
  networkRow(
    'E2',
    'XMLHttpRequest (async and sync) to the listener',
    (env) => `
  out.async = await attempt(() => new Promise((resolve, reject) => {
    const x = new XMLHttpRequest();
    x.open('GET', '${env.listener}/e2');
    x.onload = () => resolve(x.status);
    x.onerror = () => reject(new Error('xhr error'));
    x.send();
  }));
  out.sync = await attempt(() => { const x = new XMLHttpRequest(); x.open('GET', '${env.listener}/e2-sync', false); x.send(); return x.status; });`,
    (p) => {
      failed(at(p, 'async'));
      failed(at(p, 'sync'));
    },
  ),
  networkRow(
    'E3',
    'WebSocket to the listener',
    (env) => `
  out.ws = await attempt(() => new Promise((resolve, reject) => {
    const ws = new WebSocket('${env.listener.replace('http', 'ws')}/e3');
    ws.onopen = () => resolve('open');
    ws.onerror = () => reject(new Error('ws error'));
  }));`,
    (p) => failed(at(p, 'ws')),
  ),
  networkRow(
    'E4',
    'EventSource to the listener',
    (env) => `
  out.es = await attempt(() => new Promise((resolve, reject) => {
    const es = new EventSource('${env.listener}/e4');
    es.onopen = () => resolve('open');
    es.onerror = () => { es.close(); reject(new Error('es error')); };
  }));`,
    (p) => failed(at(p, 'es')),
  ),
  networkRow(
    'E5',
    'navigator.sendBeacon to the listener',
    (env) => `
  out.beacon = await attempt(() => navigator.sendBeacon('${env.listener}/e5', 'secret'));`,
  ),
  networkRow(
    'E6',
    'images: new Image, <img>, srcset, <video poster>, SVG <image>',
    (env) => `
  const loaded = (el) => new Promise((resolve, reject) => { el.onload = () => resolve('loaded'); el.onerror = () => reject(new Error('blocked')); });
  const img = new Image();
  const a = loaded(img);
  img.src = '${env.listener}/e6-image.png';
  out.image = await attempt(() => a);
  const tag = document.createElement('img');
  tag.srcset = '${env.listener}/e6-srcset.png 2x';
  document.body.append(tag);
  const video = document.createElement('video');
  video.poster = '${env.listener}/e6-poster.png';
  document.body.append(video);
  document.body.insertAdjacentHTML('beforeend', '<svg><image href="${env.listener}/e6-svg.png" width="1" height="1"/></svg>');`,
    (p) => failed(at(p, 'image')),
  ),
  networkRow(
    'E7',
    'CSS url(): inline style, <style> background, @import, cursor, list-style',
    (env) => `
  const style = document.createElement('style');
  style.textContent = "@import url('${env.listener}/e7-import.css'); body { background: url('${env.listener}/e7-bg.png'); cursor: url('${env.listener}/e7-cursor.png'), auto; } li { list-style-image: url('${env.listener}/e7-list.png'); }";
  document.head.append(style);
  const div = document.createElement('div');
  div.style.backgroundImage = "url('${env.listener}/e7-inline.png')";
  div.innerHTML = '<ul><li>x</li></ul>';
  document.body.append(div);`,
  ),
  networkRow(
    'E8',
    'fonts: @font-face src url() and new FontFace(url).load()',
    (env) => `
  const style = document.createElement('style');
  style.textContent = "@font-face { font-family: leak; src: url('${env.listener}/e8-face.woff2'); } p { font-family: leak; }";
  document.head.append(style);
  out.face = await attempt(() => new FontFace('leak2', "url('${env.listener}/e8-fontface.woff2')").load());`,
    (p) => failed(at(p, 'face')),
  ),
  networkRow(
    'E9',
    '<link rel=prefetch|preload|preconnect|dns-prefetch|modulepreload|stylesheet> to the listener',
    (env) => `
  for (const rel of ['prefetch', 'preload', 'preconnect', 'dns-prefetch', 'modulepreload', 'stylesheet', 'prerender']) {
    const link = document.createElement('link');
    link.rel = rel;
    link.as = 'script';
    link.href = '${env.listener}/e9-' + rel;
    document.head.append(link);
  }`,
  ),
  networkRow(
    'E10',
    'import() of a URL (past the module loader, by indirect eval) and <script src> / module scripts',
    (env) => `
  out.dynamic = await attempt(() => (0, eval)("import('${env.listener}/e10-dynamic.js')"));
  const load = (el) => new Promise((resolve, reject) => { el.onload = () => resolve('loaded'); el.onerror = () => reject(new Error('blocked')); document.head.append(el); });
  const classic = document.createElement('script');
  classic.src = '${env.listener}/e10-classic.js';
  out.classic = await attempt(() => load(classic));
  const mod = document.createElement('script');
  mod.type = 'module';
  mod.src = '${env.listener}/e10-module.js';
  out.module = await attempt(() => load(mod));`,
    (p) => {
      for (const k of ['dynamic', 'classic', 'module']) failed(at(p, k));
    },
  ),
  networkRow(
    'E11',
    'workers: new Worker(URL), new Worker(blob:), SharedWorker, a worklet module',
    (env) => `
  // A worker that runs says so; a blocked one errors (or stays silent).
  const ran = (make) => new Promise((resolve, reject) => {
    const w = make();
    const port = w.port || w;
    port.onmessage = () => resolve('ran');
    w.onerror = () => reject(new Error('blocked'));
    if (w.port) w.port.start();
    setTimeout(() => resolve('silent'), 1500);
  });
  const blob = URL.createObjectURL(new Blob(["fetch('${env.listener}/e11-from-blob-worker'); self.postMessage && self.postMessage('ran'); self.onconnect = (e) => e.ports[0].postMessage('ran');"], { type: 'text/javascript' }));
  out.worker = await attempt(() => ran(() => new Worker('${env.listener}/e11-worker.js')));
  out.blobWorker = await attempt(() => ran(() => new Worker(blob)));
  out.shared = await attempt(() => ran(() => new SharedWorker(blob)));
  out.worklet = await attempt(() => CSS.paintWorklet ? CSS.paintWorklet.addModule('${env.listener}/e11-worklet.js') : Promise.reject(new Error('no worklet')));`,
    (p) => {
      for (const k of ['worker', 'blobWorker', 'shared']) expect(at(p, k).value, k).not.toBe('ran');
      failed(at(p, 'worklet'));
    },
  ),
  networkRow(
    'E12',
    "the host's own API: fetch /api/rooms with credentials, <img> and <script> of it, import() of it",
    (env) => `
  out.fetch = await attempt(() => fetch('${env.shell}/api/rooms', { credentials: 'include' }).then((r) => r.status));
  out.noCors = await attempt(() => fetch('${env.shell}/api/rooms', { mode: 'no-cors', credentials: 'include' }).then((r) => r.type));
  const img = new Image();
  img.src = '${env.shell}/api/rooms';
  const script = document.createElement('script');
  script.src = '${env.shell}/api/me';
  document.head.append(script);
  out.dynamic = await attempt(() => (0, eval)("import('${env.shell}/api/me')"));`,
    (p) => {
      for (const k of ['fetch', 'noCors', 'dynamic']) failed(at(p, k));
    },
  ),
  networkRow(
    'E13',
    'WebRTC: RTCPeerConnection with a STUN server on the listener, directly and from a nested frame realm',
    (env) => `
  out.globals = typeof RTCPeerConnection + '/' + typeof webkitRTCPeerConnection + '/' + typeof RTCDataChannel;
  const nested = document.createElement('iframe');
  document.body.append(nested);
  const stun = { iceServers: [{ urls: 'stun:127.0.0.1:${new URL(env.listener).port}' }] };
  const gather = async (PC) => {
    const pc = new PC(stun);
    pc.createDataChannel('leak');
    await pc.setLocalDescription(await pc.createOffer());
    await wait(1000);
    return pc.iceGatheringState;
  };
  out.direct = await attempt(() => gather(RTCPeerConnection));
  out.nested = await attempt(() => gather(nested.contentWindow.RTCPeerConnection));`,
    (p) => {
      // The launcher removes the constructors before app code runs (CSP cannot stop STUN).
      expect(p.globals, 'WebRTC globals in the frame').toBe('undefined/undefined/undefined');
      failed(at(p, 'direct'));
      failed(at(p, 'nested'));
    },
  ),
];

const messaging: Row[] = [
  {
    id: 'M1',
    group: 'messaging',
    attempt:
      "window messages that bypass the port: forged ready/error/sdk-call (carrying another app's id) and a handshake with its own port",
    outcome: 'the host answers none of them and shows no error; the app keeps running',
    apps: {
      main: () =>
        probeApp(`
  const answers = [];
  window.addEventListener('message', (e) => answers.push(String(e.data && e.data.type)));
  const channel = new MessageChannel();
  channel.port1.onmessage = (e) => answers.push('port:' + String(e.data && e.data.type));
  parent.postMessage({ type: 'ready', version: 1 }, '*');
  parent.postMessage({ type: 'error', error: { code: 'runtime_error', message: 'FORGED ERROR' } }, '*');
  parent.postMessage({ type: 'sdk-call', id: 1, method: 'get', params: { key: 'secret' }, appId: 'another-app' }, '*');
  parent.postMessage({ type: 'room-connect', version: 1 }, '*', [channel.port2]);
  top.postMessage({ type: 'sdk-call', id: 2, method: 'keys', params: {}, roomId: 'another-room' }, '*');
  await wait(1500);
  out.answers = answers;
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      expect(p.answers, 'replies the app received').toEqual([]);
      await expect(t.page.getByText('FORGED ERROR')).toHaveCount(0);
      await launcherIntact(t);
    },
  },
  {
    id: 'M2',
    group: 'messaging',
    attempt: 'nested frames (srcdoc with inline script, data:, blob:, the listener) that post to top',
    outcome:
      'no nested frame loads or runs script; no HTTP request reaches the listener (a bare TCP connect is the documented residual); the launcher shows nothing',
    apps: {
      main: (env) =>
        probeApp(`
  const heard = [];
  window.addEventListener('message', (e) => heard.push(String(e.data)));
  const script = "<scr" + "ipt>parent.postMessage('nested ran', '*'); top.postMessage({ type: 'ready', version: 1 }, '*');</scr" + "ipt>";
  const blob = URL.createObjectURL(new Blob([script], { type: 'text/html' }));
  const frames = [['srcdoc', script], ['src', 'data:text/html,' + encodeURIComponent(script)], ['src', blob], ['src', '${env.listener}/m2-frame']];
  for (const [attr, value] of frames) {
    const f = document.createElement('iframe');
    f.setAttribute(attr, value);
    document.body.append(f);
  }
  await wait(1500);
  out.heard = heard;
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      expect(p.heard, 'messages from nested frames').toEqual([]);
      await noHttpLeaks(t);
      await launcherIntact(t);
    },
  },
  {
    id: 'M3',
    group: 'messaging',
    attempt: 'flood the launcher with 100k window messages (forged errors) in bursts',
    outcome:
      'the launcher stops the app once it passes its window-message budget and says why; its main thread never stalls 500 ms; no forged error shown',
    timeoutMs: 45_000,
    apps: {
      main: () =>
        probeApp(`
  const message = { type: 'error', error: { code: 'runtime_error', message: 'FLOOD' } };
  for (let i = 0; i < 100000; i++) {
    parent.postMessage(message, '*');
    if (i % 5000 === 4999) await wait(50);
  }
  out.sent = 100000;
`),
    },
    async check(t) {
      await t.open();
      const stopped = t.page.getByRole('tabpanel').getByRole('alert');
      const samples: number[] = [];
      const until = Date.now() + 15_000;
      while ((await stopped.count()) === 0 && Date.now() < until) {
        samples.push(await t.hostStall());
        await t.page.waitForTimeout(100);
      }
      await expect(stopped).toHaveText(/sent the launcher too many messages and was stopped/);
      samples.push(...(await stallsDuring(t, 1000)));
      expect(Math.max(...samples), `stalls ${samples.map(Math.round).join(',')}`).toBeLessThan(500);
      await expect(t.iframe()).toHaveCount(0);
      await expect(t.page.getByRole('button', { name: 'Restart' })).toBeVisible();
      await expect(t.page.getByText('FLOOD')).toHaveCount(0);
      expect(new URL(t.page.url()).pathname).toBe(`/rooms/${t.roomId}`);
      expect(t.crashes, 'host crashes').toEqual([]);
    },
  },
  {
    id: 'M4',
    group: 'messaging',
    attempt:
      'oversized payloads (32-64x the 1 MB value limit): 2 x 32 MB strings to the window, a transferred 64 MB buffer, a 32 MB SDK value',
    outcome:
      'dropped without freezing the launcher (page.evaluate < 500 ms) or crashing it; the SDK answers too_large',
    timeoutMs: 45_000,
    apps: {
      main: () =>
        probeApp(`
  const big = 'x'.repeat(32 * 1024 * 1024);
  for (let i = 0; i < 2; i++) { parent.postMessage({ type: 'sdk-call', id: i, method: 'set', params: { key: 'k', value: big } }, '*'); await wait(100); }
  const buffer = new ArrayBuffer(64 * 1024 * 1024);
  out.transfer = await attempt(() => { parent.postMessage(buffer, '*', [buffer]); return buffer.byteLength; });
  out.sdk = await attempt(() => sdk.storage.set('big', big));
  out.sent = true;
`),
    },
    async check(t) {
      await t.open();
      const samples = await stallsUntilProbe(t);
      const p = await t.probe();
      expect(p.sent).toBe(true);
      failed(at(p, 'sdk'), 'too_large');
      expect(Math.max(...samples), `stalls ${samples.map(Math.round).join(',')}`).toBeLessThan(500);
      await launcherIntact(t);
    },
  },
];

const exhaustion: Row[] = [
  {
    id: 'R1',
    group: 'exhaustion',
    attempt: 'for (;;) {} 1.5 s after mount, while a second app is open',
    outcome:
      'the launcher answers page.evaluate < 500 ms; the second app keeps ticking; the watchdog stops the spinner: "This app stopped responding" + "Restart"',
    ownRoom: true,
    timeoutMs: 45_000,
    apps: {
      main: () => spinnerApp('R1 spinner armed', 'for (;;) {}'),
      sibling: () => tickerApp('R1 sibling'),
    },
    async check(t) {
      await t.open('main');
      await expect(t.frame('main').getByText('R1 spinner armed')).toBeVisible();
      await t.open('sibling');
      const ticks = t.frame('sibling').locator('output[data-ticks]');
      await expect(ticks).not.toHaveText('0');
      await t.page.waitForTimeout(1600);
      const read = async () => Number(await ticks.textContent({ timeout: 2000 }));
      const first = await read();
      const samples = await stallsDuring(t, 1500);
      const second = await read();
      expect(second - first, 'sibling ticks while the other app spins').toBeGreaterThan(5);
      expect(Math.max(...samples), `stalls ${samples.map(Math.round).join(',')}`).toBeLessThan(500);
      await t.page.getByRole('tab', { name: t.appName('main'), exact: true }).click();
      const panel = t.page.getByRole('tabpanel');
      await expect(panel.getByText('This app stopped responding')).toBeVisible({ timeout: 10_000 });
      await expect(panel.getByRole('button', { name: 'Restart' })).toBeVisible();
      await expect(t.iframe('main')).toHaveCount(0);
      expect(t.crashes).toEqual([]);
      expect(t.dialogs).toEqual([]);
    },
  },
  {
    id: 'R2',
    group: 'exhaustion',
    attempt: 'a memory bomb: allocate 8 MB arrays in a loop until the renderer gives out',
    outcome: 'the launcher never crashes and answers < 500 ms; the watchdog stops the app',
    ownRoom: true,
    timeoutMs: 45_000,
    apps: {
      main: () =>
        spinnerApp(
          'R2 bomb armed',
          'const keep = [];\n      for (;;) keep.push(new Array(1 << 20).fill(1.5));',
        ),
    },
    async check(t) {
      await t.open();
      await expect(t.frame().getByText('R2 bomb armed')).toBeVisible();
      const samples = await stallsDuring(t, 3000);
      expect(Math.max(...samples), `stalls ${samples.map(Math.round).join(',')}`).toBeLessThan(500);
      await expect(t.page.getByText('This app stopped responding')).toBeVisible({ timeout: 15_000 });
      await expect(t.page.getByRole('button', { name: 'Restart' })).toBeVisible();
      expect(t.crashes).toEqual([]);
      expect(await t.page.evaluate(() => document.querySelector('h1')?.textContent)).toBeTruthy();
    },
  },
  {
    id: 'R3',
    group: 'exhaustion',
    attempt: 'a timer storm: 10k zero-delay intervals, a rAF loop churning the DOM, 20k nodes',
    outcome: 'the launcher answers < 500 ms and switches tabs; the other app keeps ticking',
    ownRoom: true,
    timeoutMs: 45_000,
    apps: {
      main: () =>
        probeApp(`
  for (let i = 0; i < 10000; i++) setInterval(() => Math.sqrt(i), 0);
  const churn = () => {
    for (let j = 0; j < 2000; j++) document.body.appendChild(document.createElement('span')).remove();
    requestAnimationFrame(churn);
  };
  requestAnimationFrame(churn);
  const many = document.createElement('div');
  for (let i = 0; i < 20000; i++) many.appendChild(document.createElement('i'));
  document.body.append(many);
  out.armed = true;
`),
      sibling: () => tickerApp('R3 sibling'),
    },
    async check(t) {
      await t.open('main');
      const samples = await stallsDuring(t, 2000);
      expect(Math.max(...samples), `stalls ${samples.map(Math.round).join(',')}`).toBeLessThan(500);
      await t.open('sibling');
      await expect(t.page.getByRole('tab', { name: t.appName('sibling'), exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const ticks = t.frame('sibling').locator('output[data-ticks]');
      const before = Number(await ticks.textContent());
      await expect.poll(async () => Number(await ticks.textContent())).toBeGreaterThan(before + 3);
      expect(t.crashes).toEqual([]);
    },
  },
  {
    id: 'R4',
    group: 'exhaustion',
    attempt: 'alert / confirm / prompt / print in a 200-round loop',
    outcome:
      'no dialog ever appears (no allow-modals); confirm is false, prompt null; the launcher answers < 500 ms',
    apps: {
      main: () =>
        probeApp(`
  const started = performance.now();
  for (let i = 0; i < 200; i++) {
    alert('alert ' + i);
    out.confirm = confirm('confirm ' + i);
    out.prompt = prompt('prompt ' + i, 'x');
  }
  out.print = await attempt(() => print());
  out.ms = Math.round(performance.now() - started);
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      expect(p.confirm).toBe(false);
      expect(p.prompt).toBeNull();
      expect(await t.hostStall()).toBeLessThan(500);
      await launcherIntact(t);
    },
  },
  {
    id: 'R5',
    group: 'exhaustion',
    attempt: '(static) two apps open side by side',
    outcome: 'one renderer process per app: opening both adds two renderers (CDP SystemInfo.getProcessInfo)',
    ownRoom: true,
    timeoutMs: 45_000,
    apps: { main: () => tickerApp('R5 first'), other: () => tickerApp('R5 second') },
    async check(t) {
      await t.page.goto('/');
      await expect(t.page.getByRole('heading', { name: 'Your rooms' })).toBeVisible();
      const stable = async () => {
        let last = -1;
        let same = 0;
        while (same < 3) {
          const n = await t.renderers();
          same = n === last ? same + 1 : 0;
          last = n;
          await t.page.waitForTimeout(300);
        }
        return last;
      };
      const baseline = await stable();
      await t.open('main');
      await t.open('other');
      await expect(t.frame('main').getByText('R5 first')).toBeAttached();
      await expect(t.frame('other').getByText('R5 second')).toBeVisible();
      expect(await stable(), `renderers with both apps open (baseline ${baseline})`).toBe(baseline + 2);
    },
  },
];

const plainApp = { 'src/App.tsx': 'export default function App() {\n  return <p>plain</p>;\n}\n' };

const reviewer: Row[] = [
  {
    id: 'V1',
    group: 'reviewer',
    attempt:
      'a proposal whose name, a path and a file carry markup, <script> and an <img onerror> aimed at the listener',
    outcome: 'all of it renders as text on the review card: no element, no dialog, no request',
    ownRoom: true,
    async check(t) {
      const name = '<img src=x onerror=alert(1)><script>alert(2)</script>';
      const path = 'src/<b onmouseover=alert(3)>.ts';
      const code = `export const x = "</code></pre><script>alert(4)</script><img src='${t.env.listener}/v1' onerror=alert(5)>";\n`;
      await proposeOk(t, name, { ...plainApp, [path]: code });
      await t.page.goto(`/rooms/${t.roomId}/review`);
      const card = t.page.getByRole('article', { name });
      await expect(card.getByRole('heading', { name })).toHaveText(name);
      await card.getByText('Review all proposed files (2)').click();
      await expect(card.getByRole('region', { name: `${path} source` })).toContainText(
        '<script>alert(4)</script>',
      );
      await expect(card.getByText(path, { exact: true })).toBeVisible();
      await expect(card.locator('img, script, b, iframe')).toHaveCount(0);
      await noLeaks(t);
      expect(t.dialogs).toEqual([]);
    },
  },
  {
    id: 'V2',
    group: 'reviewer',
    attempt: 'bidi overrides and invisible characters in a file, in the name and in a path',
    outcome:
      'the file is flagged on its card ("Hidden or direction-changing characters…" with each code point); the name and path are refused with invalid_name / unsafe_path before any reviewer sees them',
    ownRoom: true,
    async check(t) {
      const code = 'const role = "user\u202E\u2066 // admin";\nconst k\u200B = 1;\nexport default role;\n';
      await proposeOk(t, 'V2 hidden characters', { ...plainApp, 'src/trick.ts': code });
      const badName = await propose(t, 'V2 admin\u202Egnp.exe', plainApp);
      expect(badName.status()).toBe(400);
      expect(((await badName.json()) as { code: string }).code).toBe('invalid_name');
      const badPath = await propose(t, 'V2 path', { ...plainApp, 'src/a\u200B.ts': 'export {};\n' });
      expect(badPath.status()).toBe(400);
      expect(((await badPath.json()) as { code: string }).code).toBe('unsafe_path');
      await t.page.goto(`/rooms/${t.roomId}/review`);
      const card = t.page.getByRole('article', { name: 'V2 hidden characters' });
      await card.getByText('Review all proposed files (2)').click();
      const flag = card.getByText(/Hidden or direction-changing characters in this file:/);
      await expect(flag).toContainText('U+202E');
      await expect(flag).toContainText('U+2066');
      await expect(flag).toContainText('U+200B');
      await expect(t.page.getByRole('article')).toHaveCount(1);
    },
  },
  {
    id: 'V3',
    group: 'reviewer',
    attempt:
      'a proposal whose code sets globals, the title and posts to top if it ever ran on the review page',
    outcome:
      'nothing of it executes there: no iframe, no request to any frame host, title and globals untouched',
    ownRoom: true,
    async check(t) {
      const ran = "window.__proposalRan = 1; document.title = 'pwned'; top.postMessage('ran', '*');";
      await proposeOk(t, 'V3 would run', {
        'src/App.tsx': `${ran}\nexport default function App() {\n  return <p>ran</p>;\n}\n`,
        'src/page.html': `<script>${ran}</script>`,
      });
      await t.page.goto(`/rooms/${t.roomId}/review`);
      const card = t.page.getByRole('article', { name: 'V3 would run' });
      await card.getByText('Review all proposed files (2)').click();
      await expect(card.getByRole('region', { name: 'src/App.tsx source' })).toContainText('__proposalRan');
      await t.page.waitForTimeout(300);
      expect(
        await t.page.evaluate(() => (window as { __proposalRan?: number }).__proposalRan),
      ).toBeUndefined();
      expect(await t.page.title()).not.toBe('pwned');
      await expect(t.page.locator('iframe')).toHaveCount(0);
      expect(t.frameRequests()).toEqual([]);
    },
  },
  {
    id: 'V4',
    group: 'reviewer',
    attempt: 'a page on another origin frames the shell (where "Approve and create" lives)',
    outcome:
      "the browser refuses: frame-ancestors 'none' and X-Frame-Options DENY; nothing of the shell renders",
    ownRoom: true,
    pages: {
      framer: (env) =>
        `<!doctype html><title>framer</title><iframe src="${env.shell}/" title="shell"></iframe>`,
    },
    async check(t) {
      const shellResponse = t.page.waitForResponse((r) => r.url() === `${t.env.shell}/`);
      await t.page.goto(`${t.env.listener}/page/V4-framer`);
      const headers = (await shellResponse).headers();
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['x-frame-options']).toBe('DENY');
      await t.page.waitForTimeout(500);
      const child = t.page.frames().find((f) => f !== t.page.mainFrame());
      const rendered = await child
        ?.evaluate(() => document.querySelectorAll('#root, button').length)
        .catch(() => 0);
      expect(rendered ?? 0, 'shell elements inside the frame').toBe(0);
    },
  },
  {
    id: 'V5',
    group: 'reviewer',
    attempt:
      'on the review page: inject an inline <script>, an inline event handler, eval, new Function, setTimeout(string)',
    outcome: "the shell's CSP blocks each (script-src 'self', no unsafe-inline / unsafe-eval)",
    ownRoom: true,
    async check(t) {
      const response = await t.page.goto(`/rooms/${t.roomId}/review`);
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      await expect(t.page.getByRole('heading', { name: /Needs your approval/ })).toBeVisible();
      // DevTools' own evaluation skips the eval check, so eval is tried from a script the shell's
      // origin serves ('self'), answered by routing.
      await t.page.route(`${t.env.shell}/__iso-v5.js`, (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: `const tryIt = (fn) => { try { fn(); return 'ran'; } catch (e) { return e.name; } };
window.__v5 = { eval: tryIt(() => eval('1')), fn: tryIt(() => new Function('return 1')()) };
setTimeout('window.__timeout = 1');`,
        }),
      );
      const result = await t.page.evaluate(async () => {
        const w = window as unknown as Record<string, unknown>;
        const script = document.createElement('script');
        script.textContent = 'window.__inline = 1';
        document.head.append(script);
        const img = document.createElement('img');
        img.setAttribute('onerror', 'window.__handler = 1');
        img.src = 'data:,broken';
        document.body.append(img);
        const own = document.createElement('script');
        own.src = '/__iso-v5.js';
        await new Promise((resolve) => {
          own.onload = resolve;
          own.onerror = resolve;
          document.head.append(own);
        });
        await new Promise((r) => setTimeout(r, 300));
        const v5 = (w.__v5 ?? {}) as Record<string, unknown>;
        return {
          inline: w.__inline ?? null,
          handler: w.__handler ?? null,
          eval: v5.eval ?? null,
          fn: v5.fn ?? null,
          timeout: w.__timeout ?? null,
        };
      });
      expect(result).toEqual({
        inline: null,
        handler: null,
        eval: 'EvalError',
        fn: 'EvalError',
        timeout: null,
      });
    },
  },
];

const unreviewed: Row[] = [
  {
    id: 'U1',
    group: 'unreviewed',
    attempt: 'open /rooms/<id>?app=<pending proposal id> in a room with one approved app',
    outcome:
      'no tab and no iframe for the pending app; no frame carries its code; its files API answers not_found',
    ownRoom: true,
    apps: { main: () => tickerApp('U1 approved') },
    async check(t) {
      const pending = await proposeOk(t, 'U1 pending', tickerApp('PENDING CODE RAN'));
      await t.page.goto(`/rooms/${t.roomId}?app=${pending}`);
      await expect(t.page.getByRole('tab')).toHaveText([t.appName()]);
      // Give idle-time warm frames their chance: only the approved app may get one.
      await t.page.waitForTimeout(1500);
      const titles = await t.page
        .locator('iframe')
        .evaluateAll((els) => els.map((e) => e.getAttribute('title')));
      for (const title of titles) expect(title).toBe(t.appName());
      for (const f of t.page.frames()) expect(await f.content()).not.toContain('PENDING CODE RAN');
      const files = await t.page.request.get(`/api/rooms/${t.roomId}/apps/${pending}/files`);
      expect(files.status()).toBe(404);
      expect(((await files.json()) as { code: string }).code).toBe('not_found');
    },
  },
  {
    id: 'U2',
    group: 'unreviewed',
    attempt:
      'open a declined and a pending proposal by URL in a room with no approved app; ask the files API for both',
    outcome:
      'the launcher shows "No apps in this room yet.", creates no iframe and fetches no frame; the API answers not_found',
    ownRoom: true,
    async check(t) {
      const pending = await proposeOk(t, 'U2 pending', tickerApp('PENDING'));
      const declined = await proposeOk(t, 'U2 declined', tickerApp('DECLINED'));
      const decline = await t.api.post(`/api/rooms/${t.roomId}/proposals/${declined}/decline`, { data: {} });
      expect(decline.ok()).toBe(true);
      for (const id of [declined, pending]) {
        await t.page.goto(`/rooms/${t.roomId}?app=${id}`);
        await expect(t.page.getByText('No apps in this room yet.')).toBeVisible();
        for (const client of [t.page.request, t.api]) {
          const res = await client.get(`/api/rooms/${t.roomId}/apps/${id}/files`);
          expect(res.status()).toBe(404);
        }
      }
      await t.page.waitForTimeout(500);
      await expect(t.page.locator('iframe')).toHaveCount(0);
      expect(t.frameRequests()).toEqual([]);
    },
  },
  {
    id: 'U3',
    group: 'unreviewed',
    attempt:
      'click everything a pending proposal offers on the review page (heading, files, code, select), then the launcher',
    outcome: 'no iframe appears anywhere and no frame host is contacted; the launcher has no tab for it',
    ownRoom: true,
    async check(t) {
      await proposeOk(t, 'U3 pending', tickerApp('PENDING'));
      await t.page.goto(`/rooms/${t.roomId}/review`);
      const card = t.page.getByRole('article', { name: 'U3 pending' });
      await card.getByRole('heading', { name: 'U3 pending' }).click();
      await card.getByText('Review all proposed files (1)').click();
      await card.getByRole('region', { name: 'src/App.tsx source' }).click();
      await card.getByRole('checkbox', { name: 'Select U3 pending' }).check();
      await expect(t.page.locator('iframe')).toHaveCount(0);
      await t.page.goto(`/rooms/${t.roomId}`);
      await expect(t.page.getByText('No apps in this room yet.')).toBeVisible();
      await t.page.waitForTimeout(500);
      await expect(t.page.locator('iframe')).toHaveCount(0);
      expect(t.frameRequests()).toEqual([]);
    },
  },
  {
    id: 'U4',
    group: 'unreviewed',
    attempt: "import() outside the app's files: ../.., another app's path, /absolute, URLs, data:, node:fs",
    outcome: 'the resolver refuses each ("Cannot import …"); nothing is fetched',
    apps: {
      main: (env) =>
        probeApp(`
  out.up = await attempt(() => import('../../U4 other/src/App'));
  out.outside = await attempt(() => import('../outside'));
  out.absolute = await attempt(() => import('/src/App.tsx'));
  out.passwd = await attempt(() => import('../../../../etc/passwd'));
  out.api = await attempt(() => import('${env.shell}/api/rooms'));
  out.url = await attempt(() => import('${env.listener}/u4.js'));
  out.data = await attempt(() => import('data:text/javascript,export default 1'));
  out.node = await attempt(() => import('node:fs'));
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      for (const key of ['up', 'outside', 'absolute', 'passwd', 'api', 'url', 'data', 'node']) {
        failed(at(p, key));
        expect(at(p, key).message, key).toContain('Cannot import');
      }
      await noLeaks(t);
    },
  },
  {
    id: 'U5',
    group: 'unreviewed',
    attempt: "a static import of another app's files (../../other-app/src/App)",
    outcome:
      'the app does not run: the panel shows the unresolved import and "Reload app"; nothing is fetched',
    apps: {
      main: () => ({
        'src/App.tsx':
          "import Other from '../../other-app/src/App';\nexport default function App() {\n  return <Other />;\n}\n",
      }),
    },
    async check(t) {
      await t.open();
      const alert = t.page.getByRole('tabpanel').getByRole('alert');
      await expect(alert).toContainText('Cannot import "../../other-app/src/App"', { timeout: 15_000 });
      await expect(alert.getByRole('button', { name: 'Reload app' })).toBeVisible();
      await noLeaks(t);
    },
  },
];

/** A file that imports an npm package: the app runs through the Sandpack fallback. */
const NPM_FILE = {
  'src/stamp.ts':
    "import { format } from 'date-fns';\nexport const stamp = () => format(new Date(2020, 0, 2), 'yyyy-MM-dd');\n",
};
const sandpackProbe = (body: string, extra: Record<string, string> = {}) =>
  probeApp(`  out.stamp = await attempt(async () => (await import('./stamp')).stamp());\n${body}`, {
    ...NPM_FILE,
    ...extra,
  });

/** Opens a Sandpack app and reads its probe: the bundler starts cold (seconds, not one frame). */
async function openSandpack(t: RowContext): Promise<Probe> {
  await t.open();
  await expect(t.page.getByText('Running with Sandpack: this app uses date-fns')).toBeVisible();
  await expect(t.frame().locator('pre[data-probe]')).toBeAttached({ timeout: 90_000 });
  const p = await t.probe();
  // The probe ran in the bundler frame on the app's own Sandpack site, with the package.
  expect(at(p, 'stamp')).toEqual({ ok: true, value: '2020-01-02' });
  expect(await t.iframe().getAttribute('src')).toMatch(/^http:\/\/[a-z0-9]+-sp\.localhost:\d+\//);
  return p;
}

/** Nothing reached the loopback listener (the bundler's own site and the registry are its to use). */
async function listenerUntouched(t: RowContext): Promise<void> {
  await t.page.waitForTimeout(300);
  expect(
    t.leaks().filter((l) => l.startsWith('listener') || l.includes(t.env.listener)),
    'requests that reached the listener',
  ).toEqual([]);
}

const sandpack: Row[] = [
  {
    id: 'SP1',
    group: 'sandpack',
    attempt:
      'a Sandpack app reaches for the launcher: parent.document, top.location, window.open, a target=_top form',
    outcome:
      'each throws or returns null; the launcher URL is unchanged; no popup, no request to the listener',
    ownRoom: true,
    timeoutMs: 120_000,
    apps: {
      main: (env) =>
        sandpackProbe(`
  out.parentDocument = await attempt(() => parent.document.title);
  out.top = await attempt(() => { top.location.href = '${env.listener}/sp1'; return 'assigned'; });
  out.open = await attempt(() => window.open('${env.listener}/sp1-open'));
  out.form = await attempt(() => {
    const form = document.createElement('form');
    form.action = '${env.listener}/sp1-form';
    form.target = '_top';
    document.body.append(form);
    form.submit();
    return 'submitted';
  });
  await wait(500);
`),
    },
    async check(t) {
      const p = await openSandpack(t);
      failed(at(p, 'parentDocument'), 'SecurityError');
      failed(at(p, 'top'));
      expect(at(p, 'open').value).toBeNull();
      await listenerUntouched(t);
      await launcherIntact(t);
    },
  },
  {
    id: 'SP2',
    group: 'sandpack',
    attempt:
      "a Sandpack app's network: fetch and beacon to the listener, a WebSocket, an image, the shell's API with credentials",
    outcome:
      "CSP refuses the listener; the shell's API gives it nothing (no CORS, no cookie); the listener sees no request",
    ownRoom: true,
    timeoutMs: 120_000,
    apps: {
      main: (env) =>
        sandpackProbe(`
  out.fetch = await attempt(() => fetch('${env.listener}/sp2-fetch').then((r) => r.status));
  out.beacon = await attempt(() => navigator.sendBeacon('${env.listener}/sp2-beacon', 'x'));
  out.socket = await attempt(() => new Promise((resolve, reject) => {
    const ws = new WebSocket('${env.listener.replace('http', 'ws')}/sp2-ws');
    ws.onopen = () => resolve('open');
    ws.onerror = () => reject(new Error('socket error'));
  }));
  out.image = await attempt(() => new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve('loaded');
    img.onerror = () => reject(new Error('image error'));
    img.src = '${env.listener}/sp2-img';
  }));
  out.api = await attempt(() => fetch('${env.shell}/api/rooms', { credentials: 'include' }).then((r) => r.text()));
  await wait(500);
`),
    },
    async check(t) {
      const p = await openSandpack(t);
      for (const key of ['fetch', 'socket', 'image', 'api']) failed(at(p, key));
      // sendBeacon's true only means "queued": CSP refuses the send itself, so the listener decides.
      expect(p.violations, 'CSP violations the frame saw').toEqual(expect.arrayContaining(['connect-src']));
      await listenerUntouched(t);
      await launcherIntact(t);
    },
  },
  {
    id: 'SP3',
    group: 'sandpack',
    attempt:
      "a Sandpack app's storage calls claim another app's id (in the message and in a forged reply target)",
    outcome:
      "the launcher keys every call by the bundler frame it came from: the write lands in the Sandpack app's own namespace, the other app has nothing",
    ownRoom: true,
    timeoutMs: 120_000,
    apps: {
      victim: () => tickerApp('victim'),
      main: (_env, earlier) =>
        sandpackProbe(`
  const claim = { appId: '${earlier.victim}', instanceId: '${earlier.victim}', roomId: '${earlier.room}' };
  parent.postMessage({ type: 'sdk-call', id: 9001, method: 'storage.set', params: { key: 'forged', value: 'SP3', ...claim } }, '*');
  out.own = await attempt(() => sdk.storage.set('own', 'S3'));
  await wait(500);
  out.keys = await attempt(async () => JSON.stringify(await sdk.storage.keys()));
`),
    },
    async check(t) {
      const p = await openSandpack(t);
      expect(at(p, 'own').ok).toBe(true);
      const keys = JSON.parse(String(at(p, 'keys').value)) as string[];
      expect(keys).toContain('own');
      const records = (await hostRecords(t)).map((l) => JSON.parse(l) as { key: unknown[] });
      const of = (appId: string) => records.filter((r) => r.key[0] === t.roomId && r.key[1] === appId);
      expect(of(t.appId('victim')), 'records under the victim app').toEqual([]);
      expect(of(t.appId()).map((r) => r.key[2])).toEqual(expect.arrayContaining(['own']));
      await listenerUntouched(t);
    },
  },
];

/**
 * SP4's page: what a service worker of the app's site would serve without a CSP. Its inline script
 * reaches the listener: a hit means the site answered with content the app controls.
 */
const relayPage = (env: Env) =>
  `<!doctype html><script>fetch('${env.listener}/sp4-relay-fetch', { mode: 'no-cors' }); new Image().src = '${env.listener}/sp4-relay-img';</script>`;

sandpack.push({
  id: 'SP4',
  group: 'sandpack',
  attempt:
    "a Sandpack app registers a service worker from every script path of the bundler folder and from CodeSandbox's relay (`sw.<hash>.worker.js`), answers the relay with a page of its own, and asks its site for every file and route",
  outcome:
    'no registration succeeds (none left in the frame afterwards); every response of its site carries the CSP; the listener sees nothing',
  ownRoom: true,
  timeoutMs: 150_000,
  apps: {
    main: (env) =>
      sandpackProbe(
        `
  const files = ${JSON.stringify(BUNDLER_PATHS)};
  const seen = performance.getEntriesByType('resource').map((e) => new URL(e.name))
    .filter((u) => u.origin === location.origin).map((u) => u.pathname.slice(1));
  const scripts = [...new Set([...files, ...seen])].filter((p) => p.endsWith('.js'));
  const within = (promise, ms) => Promise.race([promise, wait(ms).then(() => { throw new Error('timeout'); })]);
  // Each script in a scope of its own (under its folder), so that no registration replaces another.
  const regs = await Promise.all(scripts.map((p, i) => {
    const dir = p.includes('/') ? p.slice(0, p.lastIndexOf('/') + 1) : '';
    return attempt(() => within(navigator.serviceWorker.register('/' + p, { scope: '/' + dir + 'sp4-' + i + '/' }), 20000).then((r) => r.scope));
  }));
  out.scripts = scripts.length;
  out.registered = scripts.filter((_, i) => regs[i].ok);
  out.registerErrors = [...new Set(regs.filter((r) => !r.ok).map((r) => r.error))];
  const relay = files.find((p) => /^sw\\.[0-9a-f]+\\.worker\\.js$/.test(p));
  out.relay = await attempt(async () => {
    const reg = await within(navigator.serviceWorker.register('/' + relay, { scope: '/' }), 20000);
    const worker = reg.installing || reg.waiting || reg.active;
    if (worker.state !== 'activated')
      await within(new Promise((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve())), 20000);
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => {
      if (e.data.$type !== 'preview/request') return;
      const headers = { 'content-type': 'text/html; charset=utf-8' };
      channel.port1.postMessage({ $channel: '$CSB_RELAY', $type: 'preview/response', id: e.data.id, status: 200, headers, body: ${JSON.stringify(relayPage(env))} });
    };
    worker.postMessage({ $channel: '$CSB_RELAY', $type: 'worker/init' }, [channel.port2]);
    return 'relaying';
  });
  const routes = ['', 'index.html', 'public/sp4.html', 'public/sp4', 'node_modules/sp4/index.html', 'sp4/route', ...files];
  const noCsp = [];
  for (const p of routes) {
    const res = await attempt(() => fetch('/' + p, { method: 'HEAD' }).then((r) => r.headers.get('content-security-policy') ? 'csp' : 'none ' + r.status));
    if (res.value !== 'csp') noCsp.push(p + ' ' + (res.value || res.error));
  }
  const post = await fetch('/', { method: 'POST' });
  if (!post.headers.get('content-security-policy')) noCsp.push('POST / ' + post.status);
  out.noCsp = noCsp;
  const frame = document.createElement('iframe');
  frame.src = '/public/sp4.html';
  document.body.append(frame);
  await wait(1500);
  out.controlled = !!navigator.serviceWorker.controller;
`,
      ),
  },
  async check(t) {
    // A page a service worker makes up counts as public to Local Network Access: granted, so that the
    // loopback listener stands for any host on the internet.
    await t.context.grantPermissions(['local-network-access']);
    const p = await openSandpack(t);
    expect(p.scripts, 'script paths tried').toBeGreaterThan(100);
    expect(p.registered, 'service workers registered').toEqual([]);
    failed(at(p, 'relay'));
    expect(p.controlled, 'the frame is controlled by a service worker').toBe(false);
    expect(p.noCsp, 'responses of the Sandpack site without CSP').toEqual([]);
    await listenerUntouched(t);
    // Host side, not the app's word: no registration is left on the site, even after a reload.
    const bundler = () => t.page.frames().find((f) => /-sp\.localhost:/.test(f.url()));
    // A context that denies the frame storage (fresh) has no registrations to read: none, by construction.
    const registrations = async () =>
      bundler()?.evaluate(() =>
        navigator.serviceWorker.getRegistrations().then(
          (found) => found.map((r) => r.scope),
          (e: Error) => (e.name === 'NotSupportedError' ? [] : [String(e)]),
        ),
      );
    expect(await registrations(), 'registrations on the Sandpack site').toEqual([]);
    await t.page.reload();
    await expect(t.frame().locator('pre[data-probe]')).toBeAttached({ timeout: 90_000 });
    expect(await registrations(), 'registrations after a reload').toEqual([]);
    await listenerUntouched(t);
  },
});

/** The isolation matrix: every row, in group order. */
export const matrix: Row[] = [
  ...parentDom,
  ...storage,
  ...crossApp,
  ...navigation,
  ...network,
  ...messaging,
  ...exhaustion,
  ...reviewer,
  ...unreviewed,
  ...sandpack,
];

export function rowsIn(groups: Group[]): Row[] {
  return matrix.filter((row) => groups.includes(row.group));
}

export function row(id: string): Row {
  const found = matrix.find((r) => r.id === id);
  if (!found) throw new Error(`no row ${id}`);
  return found;
}
