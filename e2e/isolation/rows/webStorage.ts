import { expect } from '@playwright/test';
import { at, failed } from '../assertions.ts';
import { probeApp } from '../probeApp.ts';
import type { Row } from '../Row.ts';
import type { Attempt, RowContext } from '../rowEnv.ts';
import { openAndProbe, storageRecords } from '../rowHelpers.ts';

interface HostRecord {
  db: string;
  store: string;
  key: unknown;
  value: unknown;
}

/** The host's records of one app's database (every namespace), parsed. */
async function appRecords(t: RowContext, role = 'main'): Promise<HostRecord[]> {
  const db = `room-app-storage/${encodeURIComponent(t.roomId)}/${encodeURIComponent(t.appId(role))}`;
  return (await storageRecords(t)).map((l) => JSON.parse(l) as HostRecord).filter((r) => r.db === db);
}

const QUOTA = 5 * 1024 * 1024;

/** A writer that keeps `secret` in localStorage and window.storage, fresh on each start. */
const writer = () =>
  probeApp(`
  localStorage.setItem('secret', 'A-only-' + Math.random().toString(36).slice(2));
  out.artifact = await attempt(() => window.storage.set('secret', 'A-art'));
  out.sdk = await attempt(() => sdk.storage.set('secret', 'A-sdk'));
`);

export const webStorage: Row[] = [
  {
    id: 'WS1',
    group: 'cross-app',
    ownRoom: true,
    attempt:
      'app B listens for `storage` events and reads its localStorage while app A writes `secret` in two launcher pages of the same browser',
    outcome: "B hears nothing and holds none of A's keys; A's other launcher hears A's write",
    apps: {
      writer: () =>
        probeApp(`
  localStorage.setItem('secret', 'A-only-' + Math.random().toString(36).slice(2));
  // The signal the test waits on: this launcher sent A's port the write of A's other start.
  window.addEventListener('storage', (e) => e.key === 'secret' && (document.body.dataset.heard = e.newValue));
`),
      main: () =>
        probeApp(`
  localStorage.setItem('own', 'B');
  const heard = [];
  window.addEventListener('storage', (e) => heard.push(e.key + '=' + e.newValue));
  // Listens until the test calls stopListening() (after A heard its write, and a drain), or 20 s.
  await Promise.race([new Promise((resolve) => { window.stopListening = resolve; }), wait(20000)]);
  out.heard = heard;
  out.keys = Object.keys(localStorage);
  out.secret = await attempt(() => localStorage.getItem('secret'));
`),
    },
    timeoutMs: 60_000,
    async check(t) {
      await t.open('writer');
      await t.open('main');
      // A second launcher page opens A: its start writes `secret`, which the first page's A frame hears.
      const other = await t.context.newPage();
      try {
        await other.goto(`/rooms/${t.roomId}?app=${t.appId('writer')}`);
        await expect(
          other.frameLocator('iframe[title]:not([hidden])').locator('pre[data-probe]'),
        ).toBeAttached({
          timeout: 20_000,
        });
        // A in this launcher heard the write: the launcher has handed it out to the ports it chose.
        await expect(t.frame('writer').locator('body[data-heard^="A-only-"]')).toBeAttached();
        // Not vacuous: B was still listening when A's second start had written.
        await expect(t.frame('main').locator('pre[data-probe]'), 'B still listening').toHaveCount(0);
        // A bounded drain for a copy sent to B's port at the same time, then B reports.
        await t.page.waitForTimeout(500);
        const b = await t.iframe('main').elementHandle();
        await (await b?.contentFrame())?.evaluate(() =>
          (window as unknown as { stopListening(): void }).stopListening(),
        );
        const p = await t.probe('main');
        expect(p.heard, 'storage events B received').toEqual([]);
        expect(p.keys, "B's localStorage keys").toEqual(['own']);
        expect(at(p, 'secret').value).toBeNull();
      } finally {
        await other.close();
      }
    },
  },
  {
    id: 'WS2',
    group: 'cross-app',
    attempt:
      "app B names app A's instance and room in messages: forged local-write, local-open and window.storage calls posted to the launcher window, window.storage keys like '../A/secret', arguments carrying {appId, roomId}",
    outcome:
      "nothing of A's comes back; A's localStorage, window.storage and @room/sdk records are unchanged and hold nothing forged",
    apps: {
      writer,
      main: (_env, earlier) =>
        probeApp(`
  const A = ${JSON.stringify(earlier.writer)};
  const ROOM = ${JSON.stringify(earlier.room)};
  const claim = { appId: A, instanceId: A, roomId: ROOM };
  for (const target of [window.parent, window.top]) {
    target.postMessage({ type: 'local-write', clear: false, entries: [['secret', 'forged']], ...claim }, '*');
    target.postMessage({ type: 'local-write', clear: true, entries: [], ...claim }, '*');
    target.postMessage({ type: 'local-open', ...claim }, '*');
    target.postMessage({ type: 'sdk-call', id: 77, method: 'artifact.set', params: { key: 'secret', value: 'forged', ...claim } }, '*');
  }
  out.values = [];
  for (const key of ['secret', '../' + A + '/secret', A + '/secret', '*', 'secret\\u0000'])
    out.values.push(await attempt(() => window.storage.get(key, { appId: A })));
  out.list = await attempt(async () => JSON.stringify(await window.storage.list('', { appId: A, roomId: ROOM })));
  out.deleted = await attempt(async () => JSON.stringify(await window.storage.delete('secret', { appId: A })));
  out.local = await attempt(() => localStorage.getItem('secret'));
  out.set = await attempt(() => window.storage.set('secret', 'B-own'));
  await wait(500);
`),
    },
    async check(t) {
      const a = await openAndProbe(t, 'writer');
      expect(at(a, 'artifact').ok && at(a, 'sdk').ok, JSON.stringify(a)).toBe(true);
      const p = await openAndProbe(t, 'main');
      expect(JSON.stringify(p)).not.toMatch(/A-only|A-art|A-sdk/);
      expect((p.values as Attempt[]).every((v) => v.ok || v.error === 'invalid_key')).toBe(true);
      expect(at(p, 'list').value).toBe('{"keys":[],"prefix":"","shared":false}');
      expect(at(p, 'set').ok).toBe(true);
      const records = await appRecords(t, 'writer');
      expect(JSON.stringify(records)).not.toContain('forged');
      expect(records.filter((r) => r.store === 'local').map((r) => String(r.value))).toEqual([
        expect.stringMatching(/^A-only-/),
      ]);
      expect(records.filter((r) => r.store === 'artifact').map((r) => r.value)).toEqual(['A-art']);
    },
  },
  {
    id: 'WS3',
    group: 'storage',
    attempt:
      'localStorage past 5 MiB by every path: setItem, a property set, defineProperty, Object.assign, a 6M-character key, many keys up to the limit then one more',
    outcome:
      'each throws QuotaExceededError; the host holds at most 5 MiB of UTF-16 code units for the app, exactly what the frame kept',
    apps: {
      main: () =>
        probeApp(`
  const big = 'x'.repeat(${QUOTA});
  out.setItem = await attempt(() => localStorage.setItem('a', big));
  out.property = await attempt(() => { localStorage.b = big; });
  out.define = await attempt(() => Object.defineProperty(localStorage, 'c', { value: big }));
  out.assign = await attempt(() => Object.assign(localStorage, { d: big }));
  out.hugeKey = await attempt(() => localStorage.setItem('k'.repeat(6 * 1024 * 1024), ''));
  const chunk = 'y'.repeat(1024 * 1024 - 2);
  out.filled = 0;
  for (let i = 0; i < 10; i++) {
    const r = await attempt(() => localStorage.setItem('f' + i, chunk));
    if (!r.ok) { out.full = r; break; }
    out.filled++;
  }
  out.after = await attempt(() => { localStorage['tail'] = 'z'.repeat(2000); });
  out.kept = localStorage.length;
  out.units = Object.keys(localStorage).reduce((n, k) => n + k.length + localStorage.getItem(k).length, 0);
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      for (const key of ['setItem', 'property', 'define', 'assign', 'hugeKey', 'full', 'after'])
        failed(at(p, key), 'QuotaExceededError');
      expect(p.filled).toBe(5);
      expect(p.units as number).toBeLessThanOrEqual(QUOTA);
      const units = async () =>
        (await appRecords(t))
          .filter((r) => r.store === 'local')
          .reduce((n, r) => n + String(r.key).length + String(r.value).length, 0);
      await expect.poll(units, { timeout: 15_000 }).toBe(p.units);
    },
  },
  {
    id: 'WS4',
    group: 'storage',
    attempt:
      'prototype names as localStorage keys (`__proto__`, constructor, length, getItem, hasOwnProperty, toString), by setItem and by property, then the launcher reloads',
    outcome:
      'each is kept and read back as a plain string key; the methods and length still work; no object in the frame is polluted',
    apps: {
      main: () =>
        probeApp(`
  const names = ['__proto__', 'constructor', 'length', 'getItem', 'hasOwnProperty', 'toString'];
  out.before = names.map((k) => localStorage.getItem(k)).join(',');
  for (const k of names) localStorage.setItem(k, '{"polluted":"' + k + '"}');
  localStorage.__proto__ = '{"polluted":"property"}';
  out.after = names.map((k) => localStorage.getItem(k)).join(',');
  out.methods = typeof localStorage.getItem + ' ' + typeof localStorage.length + ' ' + localStorage.length;
  out.polluted = String(({}).polluted) + ' ' + String(Object.prototype.polluted) + ' ' + String(Object.getPrototypeOf(localStorage) === Storage.prototype || Object.getPrototypeOf(localStorage) instanceof Object);
  out.keys = Object.keys(localStorage).sort().join(',');
`),
    },
    async check(t) {
      const first = await openAndProbe(t);
      expect(first.before).toBe(',,,,,');
      expect(first.methods).toBe('function number 6');
      expect(first.polluted).toBe('undefined undefined true');
      expect(first.keys).toBe('__proto__,constructor,getItem,hasOwnProperty,length,toString');
      const held = async () => (await appRecords(t)).filter((r) => r.store === 'local').length;
      await expect.poll(held).toBe(6);
      await t.page.reload();
      const second = await t.probe();
      expect(second.before).toBe(
        '{"polluted":"property"},{"polluted":"constructor"},{"polluted":"length"},{"polluted":"getItem"},{"polluted":"hasOwnProperty"},{"polluted":"toString"}',
      );
      expect(second.polluted).toBe('undefined undefined true');
    },
  },
  {
    id: 'WS5',
    group: 'storage',
    attempt:
      'a localStorage write flood: 10,000 keys in one task, then one key rewritten 5,000 times a second for 2 s',
    outcome:
      'the app keeps running (writes go out batched, within the message budgets); the host holds every key and the last value',
    apps: {
      main: () =>
        probeApp(`
  for (let i = 0; i < 10000; i++) localStorage.setItem('k' + i, String(i));
  let n = 0;
  const started = performance.now();
  while (performance.now() - started < 2000) {
    for (let i = 0; i < 50; i++) localStorage.counter = String(++n);
    await wait(10);
  }
  out.last = localStorage.counter;
  out.keys = localStorage.length;
`),
    },
    timeoutMs: 60_000,
    async check(t) {
      const p = await openAndProbe(t);
      expect(p.keys).toBe(10001);
      const held = async () => {
        const local = (await appRecords(t)).filter((r) => r.store === 'local');
        return `${local.length} ${local.find((r) => r.key === 'counter')?.value}`;
      };
      await expect.poll(held, { timeout: 20_000 }).toBe(`10001 ${p.last}`);
      await expect(t.page.getByRole('tabpanel').getByRole('alert')).toHaveCount(0);
    },
  },
  {
    id: 'WS6',
    group: 'storage',
    attempt:
      'window.storage with shared: true on every call, a non-string value, a value over 5 MB, a list prefix that is an object',
    outcome:
      "each rejects with an Error saying why (shared: Room app data stays on each person's device); nothing is stored",
    apps: {
      main: () =>
        probeApp(`
  out.get = await attempt(() => window.storage.get('k', true));
  out.set = await attempt(() => window.storage.set('k', 'v', true));
  out.setObj = await attempt(() => window.storage.set('k', 'v', { shared: true }));
  out.del = await attempt(() => window.storage.delete('k', true));
  out.list = await attempt(() => window.storage.list('', true));
  out.number = await attempt(() => window.storage.set('k', 42));
  out.object = await attempt(() => window.storage.set('k', { a: 1 }));
  out.big = await attempt(() => window.storage.set('k', 'x'.repeat(5 * 1024 * 1024 + 1)));
  out.after = await attempt(async () => JSON.stringify(await window.storage.list()));
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      for (const key of ['get', 'set', 'setObj', 'del', 'list']) {
        failed(at(p, key), 'not_available');
        expect(at(p, key).message).toContain("Room app data stays on each person's device");
      }
      failed(at(p, 'number'), 'invalid_value');
      failed(at(p, 'object'), 'invalid_value');
      failed(at(p, 'big'), 'too_large');
      expect(at(p, 'after').value).toBe('{"keys":[],"prefix":"","shared":false}');
      expect((await appRecords(t)).filter((r) => r.store === 'artifact')).toEqual([]);
    },
  },
  {
    id: 'WS7',
    group: 'storage',
    attempt: 'localStorage.setItem, then the app navigates its own frame at once (to its own frame document)',
    outcome:
      'the write made before leaving reaches the host; the launcher stops the app; the new document gets no port and writes nothing',
    apps: {
      main: () =>
        probeApp(`
  localStorage.setItem('nav', 'WS7-before');
  location.href = location.origin + '/?again=1';
`),
    },
    async check(t) {
      await t.open();
      await expect(t.page.getByText('This app left its page and was stopped.')).toBeVisible({
        timeout: 15_000,
      });
      const values = async () =>
        (await appRecords(t)).filter((r) => r.store === 'local').map((r) => `${r.key}=${r.value}`);
      await expect.poll(values).toEqual(['nav=WS7-before']);
    },
  },
  {
    id: 'WS8',
    group: 'storage',
    attempt:
      'an app keeps data in @room/sdk, localStorage and window.storage; the person uses "Clear app data"',
    outcome:
      "the App menu counts all three; after clearing, the host holds none of the app's records in any namespace",
    apps: {
      main: () =>
        probeApp(`
  localStorage.setItem('l', 'WS8');
  out.artifact = await attempt(() => window.storage.set('a', 'WS8'));
  out.sdk = await attempt(() => sdk.storage.set('s', 'WS8'));
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      expect(at(p, 'artifact').ok && at(p, 'sdk').ok, JSON.stringify(p)).toBe(true);
      const stores = async () =>
        (await appRecords(t))
          .filter((r) => ['records', 'local', 'artifact'].includes(r.store))
          .map((r) => r.store)
          .sort();
      await expect.poll(stores).toEqual(['artifact', 'local', 'records']);
      await t.page.getByRole('button', { name: 'App menu' }).click();
      const menu = t.page.getByRole('dialog');
      await expect(menu.getByTestId('app-data-usage')).toContainText('in 3 keys');
      await menu.getByRole('button', { name: 'Clear app data' }).click();
      await menu.getByRole('button', { name: 'Confirm clear' }).click();
      await expect(menu.getByTestId('app-data-usage')).toContainText('in 0 keys');
      expect(await stores()).toEqual([]);
    },
  },
  {
    id: 'WS9',
    group: 'storage',
    attempt:
      'the app takes its own port (patching MessagePort.prototype.postMessage while the runtime flushes) and posts localStorage writes past the quota, naming app A, with prototype and empty keys',
    outcome:
      "the launcher applies them to this app's own localStorage only and refuses what passes 5 MiB; A's records are unchanged",
    apps: {
      writer,
      main: (_env, earlier) =>
        probeApp(`
  const A = ${JSON.stringify(earlier.writer)};
  const ROOM = ${JSON.stringify(earlier.room)};
  let port;
  const post = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (...args) { port = this; return post.apply(this, args); };
  localStorage.setItem('trigger', 'WS9');
  await wait(100);
  MessagePort.prototype.postMessage = post;
  out.stolen = Boolean(port);
  const big = 'x'.repeat(3 * 1024 * 1024);
  const claim = { appId: A, instanceId: A, roomId: ROOM };
  out.sent = await attempt(() => {
    post.call(port, { type: 'local-write', clear: false, entries: [['a', big], ['b', big], ['secret', 'forged']], ...claim });
    post.call(port, { type: 'local-write', clear: false, entries: [['__proto__', 'p'], ['', 'empty'], ['constructor', 'c']], ...claim });
    return 'posted';
  });
  await wait(1500);
`),
    },
    async check(t) {
      const a = await openAndProbe(t, 'writer');
      expect(at(a, 'artifact').ok, JSON.stringify(a)).toBe(true);
      const before = JSON.stringify(await appRecords(t, 'writer'));
      const p = await openAndProbe(t, 'main');
      expect(p.stolen, 'the app took its port').toBe(true);
      expect(at(p, 'sent').ok).toBe(true);
      const local = async () =>
        (await appRecords(t))
          .filter((r) => r.store === 'local')
          .map((r) => String(r.key))
          .sort();
      await expect
        .poll(local, { timeout: 15_000 })
        .toEqual(['', '__proto__', 'a', 'constructor', 'secret', 'trigger']);
      const units = (await appRecords(t))
        .filter((r) => r.store === 'local')
        .reduce((n, r) => n + String(r.key).length + String(r.value).length, 0);
      expect(units).toBeLessThanOrEqual(QUOTA);
      expect(JSON.stringify(await appRecords(t, 'writer'))).toBe(before);
    },
  },
];
