import { expect } from '@playwright/test';
import { at, failed, noLeaks } from '../assertions.ts';
import { probeApp } from '../probeApp.ts';
import type { Row } from '../Row.ts';
import type { Env, Probe } from '../rowEnv.ts';
import { openAndProbe } from '../rowHelpers.ts';
import { declaredNetwork } from './declaredNetwork.ts';

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

export const network: Row[] = [
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
    'E14',
    'Tailwind arbitrary values with url(): background, list-style, cursor, mask from class names the frame compiles',
    (env) => `
  const div = document.createElement('div');
  div.className = 'bg-[url(${env.listener}/e14-bg.png)] cursor-[url(${env.listener}/e14-cursor.png),auto] mask-[url(${env.listener}/e14-mask.png)] h-10 w-10';
  div.innerHTML = '<ul class="list-image-[url(${env.listener}/e14-list.png)]"><li>x</li></ul>';
  document.body.append(div);
  const tailwind = document.querySelector('style[data-tailwind]');
  out.compiled = !!tailwind && tailwind.textContent.includes('e14-bg.png');`,
    (p) => {
      // The row proves something only if Tailwind did generate the url() rules.
      expect(p.compiled, 'Tailwind compiled the url() class into the frame').toBe(true);
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
  // With hosts declared in room.json: what the approved declaration grants, and nothing more.
  ...declaredNetwork,
];
