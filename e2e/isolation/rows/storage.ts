import { expect } from '@playwright/test';
import { at, failed, launcherIntact } from '../assertions.ts';
import { probeApp } from '../probeApp.ts';
import type { Row } from '../Row.ts';
import { empty, openAndProbe, storageRecords } from '../rowHelpers.ts';

export const storage: Row[] = [
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
    attempt:
      "localStorage.setItem and sessionStorage.setItem, then the browser's own Storage methods on them",
    outcome:
      "both work as the runtime's (the host keeps localStorage in the app's own database, sessionStorage nowhere); the browser's own methods find no storage behind them (TypeError)",
    apps: {
      main: () =>
        probeApp(`
  out.local = await attempt(() => { localStorage.setItem('a', 'S2-local'); return localStorage.getItem('a'); });
  out.session = await attempt(() => { sessionStorage.setItem('b', 'S2-session'); return sessionStorage.getItem('b'); });
  out.native = await attempt(() => Storage.prototype.getItem.call(localStorage, 'a'));
  out.nativeSession = await attempt(() => Storage.prototype.setItem.call(sessionStorage, 'c', '1'));
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      expect(at(p, 'local')).toEqual({ ok: true, value: 'S2-local' });
      expect(at(p, 'session')).toEqual({ ok: true, value: 'S2-session' });
      failed(at(p, 'native'), 'TypeError');
      failed(at(p, 'nativeSession'), 'TypeError');
      const held = async () => (await storageRecords(t)).filter((r) => r.includes('S2-'));
      await expect.poll(async () => (await held()).length).toBe(1);
      expect((await held())[0]).toContain('"store":"local"');
      expect((await held())[0]).toContain(encodeURIComponent(t.appId()));
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
      const records = (await storageRecords(t)).filter((r) => r.includes('visits'));
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
      const records = (await storageRecords(t)).filter((r) => r.includes(t.appId()) && r.includes('"fill'));
      expect(records, 'fill records the host holds').toHaveLength((p.filled as number) - 1);
      expect(await t.hostStall()).toBeLessThan(500);
      await launcherIntact(t);
    },
  },
];
