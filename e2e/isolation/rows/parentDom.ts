import { expect } from '@playwright/test';
import { at, failed, launcherIntact } from '../assertions.ts';
import { probeApp, tickerApp } from '../probeApp.ts';
import type { Row } from '../Row.ts';
import type { Attempt } from '../rowEnv.ts';
import { openAndProbe } from '../rowHelpers.ts';

export const parentDom: Row[] = [
  {
    id: 'D1',
    group: 'parent-dom',
    attempt: '(static) the iframe the launcher creates for an approved app',
    outcome:
      'sandbox is exactly "allow-scripts allow-forms allow-modals"; the document loads from the app\'s own <key>.localhost origin',
    apps: { main: () => tickerApp('D1 plain app') },
    async check(t) {
      await t.open();
      await expect(t.iframe()).toHaveAttribute('sandbox', 'allow-scripts allow-forms allow-modals');
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
