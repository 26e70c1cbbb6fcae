import { expect } from '@playwright/test';
import { at, failed } from '../assertions.ts';
import { probeApp } from '../probeApp.ts';
import type { Row } from '../Row.ts';
import type { Env, RowContext } from '../rowEnv.ts';
import { openAndProbe, proposeOk } from '../rowHelpers.ts';

/** `room.json` declaring the rows' loopback API (connect) and image host (resources). */
const declares = (env: Env, connect = [env.api], resource = [env.images]) => ({
  'room.json': JSON.stringify({ csp: { connectDomains: connect, resourceDomains: resource } }),
});

const loaded = `const loaded = (el) => new Promise((resolve, reject) => { el.onload = () => resolve('loaded'); el.onerror = () => reject(new Error('blocked')); });`;

/** Only the declared hosts were asked; nothing else left a frame, and the listener saw nothing. */
async function onlyDeclaredLeft(t: RowContext): Promise<string[]> {
  await t.drain();
  const leaks = t.leaks();
  expect(
    leaks.filter((l) => !l.includes(t.env.api) && !l.includes(t.env.images)),
    'requests that left a frame for an undeclared host',
  ).toEqual([]);
  return leaks;
}

export const declaredNetwork: Row[] = [
  {
    id: 'NW1',
    group: 'network',
    attempt:
      'an app declaring an API and an image host reaches an undeclared one by fetch, image, font, beacon and WebSocket',
    outcome:
      'the declared API answers; every undeclared attempt fails in the frame and nothing reaches the listener',
    apps: {
      main: (env) =>
        probeApp(
          `
  out.declared = await attempt(() => fetch('${env.api}/nw1/data.json').then((r) => r.json()).then((d) => d.forecast));
  out.fetch = await attempt(() => fetch('${env.listener}/nw1-fetch').then((r) => r.status));
  ${loaded}
  const img = new Image();
  const image = loaded(img);
  img.src = '${env.listener}/nw1-image.png';
  out.image = await attempt(() => image);
  out.font = await attempt(() => new FontFace('nw1', "url('${env.listener}/nw1-font.woff2')").load());
  out.beacon = await attempt(() => navigator.sendBeacon('${env.listener}/nw1-beacon', 'secret'));
  out.ws = await attempt(() => new Promise((resolve, reject) => {
    const ws = new WebSocket('${env.listener.replace('http', 'ws')}/nw1-ws');
    ws.onopen = () => resolve('open');
    ws.onerror = () => reject(new Error('ws error'));
  }));`,
          declares(env),
        ),
    },
    async check(t) {
      const p = await openAndProbe(t);
      expect(at(p, 'declared'), 'the declared API answered').toEqual({ ok: true, value: 'Sunny' });
      await onlyDeclaredLeft(t);
      for (const k of ['fetch', 'image', 'font', 'ws']) failed(at(p, k));
      expect(p.violations).toEqual(expect.arrayContaining(['connect-src', 'img-src', 'font-src']));
    },
  },
  {
    id: 'NW2',
    group: 'network',
    attempt: 'a declared host redirects a fetch and an image to an undeclared one',
    outcome:
      'the declared host is asked, the redirect is refused in the frame and nothing reaches the listener',
    apps: {
      main: (env) =>
        probeApp(
          `
  out.fetch = await attempt(() => fetch('${env.api}/redirect/nw2?to=' + encodeURIComponent('${env.listener}/nw2-fetch')).then((r) => r.status));
  ${loaded}
  const img = new Image();
  const image = loaded(img);
  img.src = '${env.images}/redirect/nw2?to=' + encodeURIComponent('${env.listener}/nw2-image.png');
  out.image = await attempt(() => image);`,
          declares(env),
        ),
    },
    async check(t) {
      const p = await openAndProbe(t);
      failed(at(p, 'fetch'), 'TypeError');
      failed(at(p, 'image'));
      const leaks = await onlyDeclaredLeft(t);
      expect(
        leaks.some((l) => l.includes(`${t.env.api}/redirect/nw2`)),
        'the declared API was asked',
      ).toBe(true);
    },
  },
  {
    id: 'NW3',
    group: 'network',
    attempt:
      'a declared resource host serves a classic and a module script, import(), a worker, a frame, and a fetch',
    outcome: 'its image loads; none of its code runs, no frame of it loads, and it is no connect host',
    apps: {
      main: (env) =>
        probeApp(
          `
  ${loaded}
  const img = new Image();
  const image = loaded(img);
  img.src = '${env.images}/nw3/ok.png';
  out.image = await attempt(() => image);
  const classic = document.createElement('script');
  classic.src = '${env.images}/nw3/classic.js';
  const c = loaded(classic);
  document.head.append(classic);
  out.classic = await attempt(() => c);
  const mod = document.createElement('script');
  mod.type = 'module';
  mod.src = '${env.images}/nw3/module.js';
  const m = loaded(mod);
  document.head.append(mod);
  out.module = await attempt(() => m);
  out.dynamic = await attempt(() => (0, eval)("import('${env.images}/nw3/dynamic.js')"));
  out.worker = await attempt(() => new Promise((resolve, reject) => { const w = new Worker('${env.images}/nw3/worker.js'); w.onerror = () => reject(new Error('blocked')); w.onmessage = () => resolve('ran'); }));
  const frame = document.createElement('iframe');
  frame.src = '${env.images}/nw3/page.html';
  document.body.append(frame);
  out.fetch = await attempt(() => fetch('${env.images}/nw3/data.json').then((r) => r.status));
  out.remoteCode = typeof window.__remoteCode;`,
          declares(env),
        ),
    },
    async check(t) {
      const p = await openAndProbe(t);
      expect(at(p, 'image'), 'the declared image host serves an image').toEqual({
        ok: true,
        value: 'loaded',
      });
      for (const k of ['classic', 'module', 'dynamic', 'worker', 'fetch']) failed(at(p, k));
      expect(p.remoteCode, 'no script of the resource host ran').toBe('undefined');
      expect(p.violations).toContain('script-src-elem');
      const leaks = await onlyDeclaredLeft(t);
      expect(
        leaks.filter((l) => !l.includes('/nw3/ok.png')),
        'requests beyond the image',
      ).toEqual([]);
    },
  },
  {
    id: 'NW4',
    group: 'network',
    attempt: 'app B of the same room fetches and loads images from the hosts app A declares',
    outcome: "A reaches its API; B's attempts fail in its frame",
    apps: {
      a: (env) =>
        probeApp(
          `  out.declared = await attempt(() => fetch('${env.api}/nw4-a/data.json').then((r) => r.json()).then((d) => d.forecast));`,
          declares(env),
        ),
      main: (env) =>
        probeApp(`
  out.fetch = await attempt(() => fetch('${env.api}/nw4-b/data.json').then((r) => r.status));
  ${loaded}
  const img = new Image();
  const image = loaded(img);
  img.src = '${env.images}/nw4-b/pic.png';
  out.image = await attempt(() => image);`),
    },
    async check(t) {
      const a = await openAndProbe(t, 'a');
      expect(at(a, 'declared')).toEqual({ ok: true, value: 'Sunny' });
      const b = await openAndProbe(t);
      failed(at(b, 'fetch'), 'TypeError');
      failed(at(b, 'image'));
      const leaks = await onlyDeclaredLeft(t);
      expect(
        leaks.filter((l) => l.includes('/nw4-b/')),
        "B's requests that left",
      ).toEqual([]);
    },
  },
  {
    id: 'NW5',
    group: 'network',
    attempt: 'an approved app with no hosts gets an update declaring them declined, and another left pending',
    outcome: 'neither grants anything: the frame URL names no grant and the fetch fails in the frame',
    ownRoom: true,
    apps: {
      main: (env) =>
        probeApp(
          `  out.fetch = await attempt(() => fetch('${env.api}/nw5/data.json').then((r) => r.status));`,
        ),
    },
    async check(t) {
      const files = (env: Env) =>
        probeApp(
          `  out.fetch = await attempt(() => fetch('${env.api}/nw5/data.json').then((r) => r.status));`,
          declares(env),
        );
      const declined = await proposeOk(t, t.appName(), files(t.env));
      const res = await t.api.post(`/api/rooms/${t.roomId}/proposals/${declined}/decline`, {
        data: { reason: 'no network' },
      });
      expect(res.status(), await res.text()).toBe(200);
      await proposeOk(t, t.appName(), files(t.env));
      const p = await openAndProbe(t);
      failed(at(p, 'fetch'), 'TypeError');
      expect(await t.iframe().getAttribute('src')).not.toContain('net=');
      await t.drain();
      expect(t.leaks(), 'requests that left a frame').toEqual([]);
    },
  },
];
