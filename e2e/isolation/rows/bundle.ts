import { expect } from '@playwright/test';
import { DATE_APP } from '../../../test-support/dateApps.ts';
import { requestOnHost } from '../../../test-support/requestOnHost.ts';
import { at, failed, launcherIntact, noLeaks } from '../assertions.ts';
import { probeApp } from '../probeApp.ts';
import { PROBE_PACKAGE, packageProbeApp } from '../probePackage.ts';
import type { Row } from '../Row.ts';
import type { Probe, RowContext } from '../rowEnv.ts';
import { empty, storageRecords } from '../rowHelpers.ts';

interface RoomView {
  apps: {
    id: string;
    packages_path: string | null;
    packages_url: string | null;
    sandpack_url: string | null;
  }[];
}

async function roomView(t: RowContext, roomId = t.roomId): Promise<RoomView> {
  const res = await t.api.get(`/api/rooms/${roomId}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as RoomView;
}

/**
 * Opens a pre-bundled app and reads its probe, after asserting it really took that path: the server
 * built its packages, the frame loaded the bundle from its own site, no Sandpack, and the frame's
 * sandbox is exactly `allow-scripts allow-forms allow-modals`. The outcome comes from the package's own code.
 */
async function openBundled(t: RowContext, role = 'main'): Promise<Probe & { bundle: string }> {
  const view = (await roomView(t)).apps.find((a) => a.id === t.appId(role));
  expect(view).toMatchObject({ packages_path: 'bundle', sandpack_url: null });
  const bundle = view?.packages_url as string;
  expect(bundle).toMatch(new RegExp(`^http://${t.appId(role)}\\.localhost:\\d+/deps/[0-9a-f]{64}\\.js$`));
  await t.open(role);
  const p = await t.probe(role);
  expect(await t.iframe(role).getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-modals');
  expect(t.frameRequests()).toContain(bundle);
  await expect(t.page.getByText(/Running with Sandpack/)).toHaveCount(0);
  expect(p.from, JSON.stringify(p)).toBe(PROBE_PACKAGE);
  return { ...p, bundle };
}

/** A GET on a frame site as the browser sends it (Host `<key>.localhost:<port>`), without a browser. */
async function getOnSite(
  t: RowContext,
  key: string,
  pathname: string,
): Promise<{ status: number; type: string; nosniff: string; body: string }> {
  const port = Number(new URL(t.env.shell).port);
  const res = await requestOnHost(port, `${key}.localhost:${port}`, pathname);
  return {
    status: res.status,
    type: String(res.headers['content-type']),
    nosniff: String(res.headers['x-content-type-options']),
    body: res.body,
  };
}

// Two apps and a user profile on disk take longer than the default 30 s on a loaded 2-core machine.
const TIMEOUT_MS = 60_000;

const frameSite = (env: { shell: string }, appId: string) =>
  `http://${appId}.localhost:${new URL(env.shell).port}`;

export const bundle: Row[] = [
  {
    id: 'PB1',
    group: 'bundle',
    timeoutMs: TIMEOUT_MS,
    attempt:
      "a pre-bundled package's code reaches out: fetch (cors and no-cors), beacon, WebSocket, image, module script, EventSource, a worker, WebRTC, the shell's API with credentials",
    outcome:
      'every attempt fails in the frame (CSP, no WebRTC); no request leaves the frame; the listener sees nothing',
    apps: {
      main: (env) => packageProbeApp('egress', { listener: env.listener, shell: env.shell }),
    },
    async check(t) {
      const p = await openBundled(t);
      for (const key of ['fetch', 'noCors', 'socket', 'image', 'script', 'events', 'worker', 'rtc', 'api'])
        failed(at(p, key));
      expect(p.violations, 'CSP violations the frame saw').toEqual(
        expect.arrayContaining(['connect-src', 'img-src', 'script-src-elem']),
      );
      await noLeaks(t);
      await launcherIntact(t);
    },
  },
  {
    id: 'PB2',
    group: 'bundle',
    timeoutMs: TIMEOUT_MS,
    attempt:
      "a pre-bundled package's code reaches for storage: IndexedDB, localStorage, sessionStorage, cookies, Cache Storage, a service worker, OPFS; then @room/sdk storage",
    outcome:
      "every browser store throws or rejects, but localStorage and sessionStorage are the runtime's (the app's own, kept by the host under this app; the frame's); @room/sdk storage works in the app's own namespace only",
    apps: {
      main: () => packageProbeApp('storage'),
    },
    async check(t) {
      const p = await openBundled(t);
      for (const key of ['idb', 'cookie', 'caches', 'worker', 'opfs']) failed(at(p, key));
      // The package sees the same Web Storage objects as the app: the launcher keeps localStorage in this app's database.
      expect(at(p, 'local')).toEqual({ ok: true, value: '1' });
      expect(at(p, 'session')).toEqual({ ok: true, value: '1' });
      const local = async () => (await storageRecords(t)).filter((r) => r.includes('"store":"local"'));
      await expect.poll(async () => (await local()).length).toBe(1);
      expect((await local())[0]).toContain(encodeURIComponent(t.appId()));
      expect(at(p, 'own')).toEqual({ ok: true, value: 'PB2' });
      const records = (await storageRecords(t)).filter((r) => r.includes('pkg-own'));
      expect(records).toHaveLength(1);
      expect(records[0]).toContain(t.appId());
      await noLeaks(t);
    },
  },
  {
    id: 'PB3',
    group: 'bundle',
    timeoutMs: TIMEOUT_MS,
    attempt:
      "a pre-bundled package's code goes after another app of the room: storage calls forging its app, instance and room ids, reading its key, its frame's document, its frame site",
    outcome:
      "the forged write lands in the package app's own namespace (or nowhere), the victim's record is unchanged; sibling frames, the launcher and the victim's site refuse",
    apps: {
      victim: () => probeApp(`  out.set = await attempt(() => sdk.storage.set('secret', 'victim-only'));`),
      main: (env, earlier) =>
        packageProbeApp('crossApp', {
          victim: earlier.victim,
          room: earlier.room,
          victimOrigin: frameSite(env, earlier.victim as string),
        }),
    },
    async check(t) {
      const victim = await t.open('victim').then(() => t.probe('victim'));
      expect(at(victim, 'set').ok, JSON.stringify(victim)).toBe(true);
      const p = await openBundled(t);
      expect(JSON.stringify(p)).not.toContain('victim-only');
      expect(at(p, 'get').ok).toBe(true);
      expect(empty(at(p, 'get').value)).toBe(true);
      failed(at(p, 'siblings'), 'SecurityError');
      failed(at(p, 'parent'), 'SecurityError');
      failed(at(p, 'victimSite'));
      expect(at(p, 'own').ok).toBe(true);
      const records = (await storageRecords(t)).map(
        (l) => JSON.parse(l) as { key: unknown[]; value: unknown },
      );
      const of = (appId: string) => records.filter((r) => r.key[0] === t.roomId && r.key[1] === appId);
      expect(
        of(t.appId('victim')).map((r) => r.key[2]),
        "the victim's keys",
      ).toEqual(['secret']);
      expect(JSON.stringify(of(t.appId('victim')))).toContain('victim-only');
      expect(of(t.appId()).map((r) => r.key[2])).toEqual(expect.arrayContaining(['pkg-own']));
      await noLeaks(t);
      await launcherIntact(t);
    },
  },
  {
    id: 'PB4',
    group: 'bundle',
    timeoutMs: TIMEOUT_MS,
    attempt:
      "a pre-bundled package loads scripts from its site's bundle route: its own bundle again, another app's bundle, another room's, a malformed hash, upper case, a suffix, an encoded traversal (%2f); fetch of its own bundle",
    outcome:
      "only its own bundle loads; the frame site answers another app's or room's hash, malformed and traversing paths with 404 (never HTML, never the runtime); a bundle is text/javascript with nosniff; fetch is refused by CSP",
    ownRoom: true,
    apps: {
      victim: () => DATE_APP,
      main: (_env, earlier) => packageProbeApp('deps', { victimDeps: earlier['victim:deps'] }),
    },
    async check(t) {
      const p = await openBundled(t);
      const own = new URL(p.bundle).pathname;
      expect(p.ownPath).toBe(own);
      expect(at(p, 'ownAgain')).toEqual({ ok: true, value: 'loaded' });
      for (const key of ['victim', 'malformed', 'upper', 'suffix', 'traversal', 'fetch']) failed(at(p, key));
      // Host side: what the site serves to anyone who asks, not only what the frame saw.
      const main = t.appId();
      const served = await getOnSite(t, main, own);
      expect(served).toMatchObject({
        status: 200,
        type: 'text/javascript; charset=utf-8',
        nosniff: 'nosniff',
      });
      const victimPath = (await roomView(t)).apps.find((a) => a.id === t.appId('victim'))
        ?.packages_url as string;
      const victim = new URL(victimPath).pathname;
      expect(victim).not.toBe(own);
      expect((await getOnSite(t, t.appId('victim'), victim)).status, "the victim's own site").toBe(200);
      expect((await getOnSite(t, main, victim)).status, "another app's bundle").toBe(404);
      expect((await getOnSite(t, 'nobody', own)).status, 'a site of no app').toBe(404);
      // Every bundle of the other rooms (the other rows' apps) is another room's for this site.
      const rooms = ((await (await t.api.get('/api/rooms')).json()) as { rooms: { id: string }[] }).rooms;
      const elsewhere: string[] = [];
      for (const room of rooms.filter((r) => r.id !== t.roomId))
        for (const app of (await roomView(t, room.id)).apps)
          if (app.packages_url && new URL(app.packages_url).pathname !== own)
            elsewhere.push(new URL(app.packages_url).pathname);
      expect(elsewhere.length, "other rooms' bundles").toBeGreaterThan(0);
      for (const path of elsewhere) expect((await getOnSite(t, main, path)).status, path).toBe(404);
      const hash = own.slice('/deps/'.length, -'.js'.length);
      for (const path of [
        '/deps/zz.js',
        `/deps/${hash.toUpperCase()}.js`,
        `/deps/${hash}.js/x.js`,
        `/deps/${hash}.html`,
        `/deps/${hash}`,
        '/deps/..%2fruntime%2fframe.js',
        '/deps/',
      ]) {
        const res = await getOnSite(t, main, path);
        expect(res.status, path).toBe(404);
        expect(res.type, path).not.toMatch(/html/);
      }
      await noLeaks(t);
    },
  },
];
