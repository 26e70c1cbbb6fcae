import { expect, test } from '@playwright/test';
import { RUNTIME_VERSION } from '../../../runtime/runtimeVersion.ts';
import { at } from '../assertions.ts';
import { PROBE_PRELUDE, probeApp, probeRenderer } from '../probeApp.ts';
import type { Row } from '../Row.ts';
import type { Attempt } from '../rowEnv.ts';
import { empty, hostRecords, openAndProbe, proposeOk, storageRecords } from '../rowHelpers.ts';

/** A module body that renders a probe saying it ran: what the poisoner wants other apps to run. */
const POISON =
  'exports.default = function () { return require("react").createElement("pre", { "data-probe": "" }, JSON.stringify({ poisoned: true })); };';

/**
 * Steals the runtime's port (MessagePort.prototype.postMessage, caught on an SDK call) and posts
 * "compiled" modules with the real runtime version, naming another room and app as well.
 */
const poisoner = (): Record<string, string> =>
  probeApp(`
  let port;
  const send = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (message, ...rest) {
    port = this;
    return send.call(this, message, ...rest);
  };
  await attempt(() => sdk.storage.get('k'));
  MessagePort.prototype.postMessage = send;
  out.stolen = Boolean(port);
  const modules = { 'src/App.tsx': ${JSON.stringify(POISON)} };
  for (const extra of [{}, { roomId: 'other', appId: 'other' }])
    port?.postMessage({ type: 'compiled', version: ${JSON.stringify(RUNTIME_VERSION)}, modules, ...extra });
  out.posted = true;
`);

/**
 * Version `version` of an app whose `src/lib.ts` no update changes: it steals its runtime port and posts
 * "compiled" modules poisoning that file too, hoping a later version reuses them for the unchanged file.
 */
const updatePoisoner = (version: string): Record<string, string> => ({
  'src/App.tsx': `import { useEffect, useState } from 'react';
import * as sdk from '@room/sdk';
import { LIB } from './lib';

${PROBE_PRELUDE}

async function probe() {
  const out = { version: ${JSON.stringify(version)}, lib: LIB };
  let port;
  const send = MessagePort.prototype.postMessage;
  MessagePort.prototype.postMessage = function (message, ...rest) {
    port = this;
    return send.call(this, message, ...rest);
  };
  await attempt(() => sdk.storage.get('k'));
  MessagePort.prototype.postMessage = send;
  out.stolen = Boolean(port);
  const modules = { 'src/App.tsx': ${JSON.stringify(POISON)}, 'src/lib.ts': 'exports.LIB = "poisoned";' };
  port?.postMessage({ type: 'compiled', version: ${JSON.stringify(RUNTIME_VERSION)}, modules });
  return out;
}

${probeRenderer('probe()')}`,
  'src/lib.ts': "export const LIB: string = 'real lib';\n",
});

/**
 * A Tailwind v3 app whose tailwind.config.js (app code, evaluated by the frame to style it) patches
 * MessagePort.prototype.postMessage so the runtime's own "compiled" report carries poisoned modules.
 */
const CONFIG_POISONER = {
  'src/App.tsx':
    'import \'./index.css\';\nexport default function App() {\n  return <p data-k7="" className="p-4">K7 real app</p>;\n}\n',
  'src/index.css': '@tailwind base;\n@tailwind utilities;\n',
  'tailwind.config.js': `const send = MessagePort.prototype.postMessage;
MessagePort.prototype.postMessage = function (message, ...rest) {
  const poisoned = message && message.type === 'compiled' ? { ...message, modules: { 'src/App.tsx': ${JSON.stringify(POISON)} } } : message;
  return send.call(this, poisoned, ...rest);
};
module.exports = { theme: { extend: {} } };
`,
};

/** Times 500 reads of its own key per click of Measure; renders each run's median (ms) as JSON. */
const READER = {
  'src/App.tsx': `import { useState } from 'react';
import * as sdk from '@room/sdk';
export default function App() {
  const [medians, setMedians] = useState([]);
  const measure = async () => {
    await sdk.storage.set('k', 'v');
    const times = [];
    for (let i = 0; i < 500; i++) {
      const start = performance.now();
      await sdk.storage.get('k');
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    setMedians((m) => [...m, Math.round(times[250] * 100) / 100]);
  };
  return (
    <main>
      <button onClick={measure}>Measure</button>
      <output data-medians="">{JSON.stringify(medians)}</output>
    </main>
  );
}
`,
};

/** Writes 64 KB values from mount on, 8 at a time, 200 a second (within the byte budget); renders how many it wrote. */
const WRITER = {
  'src/App.tsx': `import { useEffect, useState } from 'react';
import * as sdk from '@room/sdk';
export default function App() {
  const [writes, setWrites] = useState(0);
  useEffect(() => {
    let live = true;
    let done = 0;
    const chunk = 'w'.repeat(64 * 1024);
    const lane = async (n) => {
      for (let i = 0; live; i++) {
        await sdk.storage.set('w' + n, chunk + i);
        setWrites(++done);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    };
    for (let n = 0; n < 8; n++) lane(n);
    return () => { live = false; };
  }, []);
  return <output data-writes="">{writes}</output>;
}
`,
};

export const crossApp: Row[] = [
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
      const records = await storageRecords(t);
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
      const records = await storageRecords(t);
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
  {
    id: 'K5',
    group: 'cross-app',
    attempt:
      'an app steals its runtime port and hands the compile cache poisoned modules, for itself and for another room holding the same files',
    outcome:
      "the host keeps only its runtime's own report: no entry holds the poison, and neither app (first or second open, either room) runs it",
    ownRoom: true,
    apps: { main: poisoner },
    timeoutMs: 90_000,
    async check(t) {
      const first = await openAndProbe(t);
      expect(first.stolen, JSON.stringify(first)).toBe(true);
      expect(first.posted).toBe(true);
      expect(first.poisoned).toBeUndefined();
      // The launcher keeps a report at the latest 2 s after it came: any it would keep is kept by now.
      await t.page.waitForTimeout(3000);
      // The same files approved in another room: a cache keyed by content alone would hand it main's entry.
      const otherRoom = (
        (await (
          await t.api.post('/api/rooms', { data: { name: `Isolation K5 other ${Date.now()}` } })
        ).json()) as {
          room: { id: string };
        }
      ).room.id;
      const proposal = await proposeOk({ ...t, roomId: otherRoom }, 'K5 victim', poisoner());
      const approved = await t.api.post(`/api/rooms/${otherRoom}/proposals/${proposal}/approve`);
      expect(approved.status(), await approved.text()).toBe(200);
      const victimId = ((await approved.json()) as { app: { id: string } }).app.id;
      const victim = t.page.frameLocator('iframe[title="K5 victim"]').locator('pre[data-probe]');
      const probeOf = async (text: Promise<string | null>) => JSON.parse((await text) ?? '{}');
      for (const _open of ['first', 'second']) {
        await t.page.goto(`/rooms/${otherRoom}?app=${victimId}`);
        const seen = await probeOf(victim.textContent({ timeout: 15_000 }));
        expect(seen.poisoned, JSON.stringify(seen)).toBeUndefined();
        expect(seen.stolen).toBe(true);
      }
      // main again, now from the cache: its entry is the runtime's own compile.
      await t.page.goto(`/rooms/${t.roomId}?app=${t.appId()}`);
      const again = await t.probe();
      expect(again.poisoned, JSON.stringify(again)).toBeUndefined();
      const entries = (await hostRecords(t))
        .map(
          (r) => JSON.parse(r) as { db: string; store: string; value: { modules: Record<string, string> } },
        )
        .filter((r) => r.db === 'room-compiled' && r.store === 'entries');
      expect(entries.length, 'entries for main and the victim').toBe(2);
      for (const entry of entries) expect(Object.values(entry.value.modules)).not.toContain(POISON);
    },
  },
  {
    id: 'K8',
    group: 'cross-app',
    attempt:
      "an app's version 1 steals its runtime port and hands the compile cache a poisoned module for a file its update leaves unchanged, hoping version 2 runs it",
    outcome:
      "an update reuses only the runtime's own module of an unchanged file: version 2 runs the real file, and no entry holds the poison",
    ownRoom: true,
    apps: { main: () => updatePoisoner('v1') },
    timeoutMs: 90_000,
    async check(t) {
      const first = await openAndProbe(t);
      expect(first, JSON.stringify(first)).toMatchObject({ version: 'v1', lib: 'real lib', stolen: true });
      const entries = async () =>
        (await hostRecords(t))
          .map(
            (r) => JSON.parse(r) as { db: string; store: string; value: { modules: Record<string, string> } },
          )
          .filter((r) => r.db === 'room-compiled' && r.store === 'entries');
      await expect.poll(async () => (await entries()).length).toBe(1);
      // The launcher keeps a report at the latest 2 s after it came: any it would keep is kept by now.
      await t.page.waitForTimeout(3000);
      // Version 2: App.tsx changes, src/lib.ts does not, so its module may come from version 1's entry.
      const proposal = await proposeOk(t, t.appName(), updatePoisoner('v2'));
      const approved = await t.api.post(`/api/rooms/${t.roomId}/proposals/${proposal}/approve`);
      expect(approved.status(), await approved.text()).toBe(200);
      for (const _open of ['first', 'from the compile cache']) {
        await t.page.goto(`/rooms/${t.roomId}?app=${t.appId()}`);
        const seen = await t.probe();
        expect(seen, JSON.stringify(seen)).toMatchObject({ version: 'v2', lib: 'real lib' });
        expect(seen.poisoned).toBeUndefined();
      }
      const kept = await entries();
      expect(kept.length).toBe(1);
      for (const entry of kept) {
        expect(Object.values(entry.value.modules)).not.toContain(POISON);
        expect(entry.value.modules['src/lib.ts']).not.toContain('poisoned');
      }
    },
  },
  {
    id: 'K7',
    group: 'cross-app',
    attempt:
      'an app\'s tailwind.config.js, which the frame evaluates to style the app, rewrites every "compiled" message its runtime posts to carry poisoned modules',
    outcome:
      "the config runs only after the runtime's report went to the host: the cache entry is the runtime's own compile and the reopened app is the real one, styled",
    ownRoom: true,
    apps: { main: () => CONFIG_POISONER },
    timeoutMs: 60_000,
    async check(t) {
      for (const _open of ['first', 'from the compile cache']) {
        await t.page.goto(`/rooms/${t.roomId}?app=${t.appId()}`);
        const real = t.frame().locator('p[data-k7]');
        await expect(real).toHaveText('K7 real app', { timeout: 15_000 });
        await expect(real).toHaveCSS('padding-top', '16px');
        await expect(t.frame().locator('pre[data-probe]')).toHaveCount(0);
        const entries = async () =>
          (await hostRecords(t))
            .map(
              (r) =>
                JSON.parse(r) as { db: string; store: string; value: { modules: Record<string, string> } },
            )
            .filter((r) => r.db === 'room-compiled' && r.store === 'entries');
        await expect.poll(async () => (await entries()).length).toBe(1);
        const [entry] = await entries();
        expect(Object.values(entry?.value.modules ?? {})).not.toContain(POISON);
        expect(entry?.value.modules['src/App.tsx']).toContain('K7 real app');
      }
    },
  },
  {
    id: 'K6',
    group: 'cross-app',
    attempt:
      "app B times its own storage reads while the room is idle, then while app A writes 64 KB values, 200 a second (a timing channel: A's activity seen by B)",
    outcome:
      "B's median read time while A writes stays within the noise of the idle room (under twice the slower idle median plus 2 ms): each app's records are in a database of its own",
    ownRoom: true,
    timeoutMs: 90_000,
    apps: { main: () => READER, writer: () => WRITER },
    async check(t) {
      const reader = t.frame('main');
      const medians = async () =>
        JSON.parse((await reader.locator('output[data-medians]').textContent()) ?? '[]') as number[];
      const measure = async (runs: number) => {
        await reader.getByRole('button', { name: 'Measure' }).click();
        await expect.poll(async () => (await medians()).length, { timeout: 30_000 }).toBe(runs);
      };
      await t.open('main');
      await measure(1);
      await measure(2);
      await t.open('writer');
      const writes = t.frame('writer').locator('output[data-writes]');
      await expect(writes).not.toHaveText('0');
      await t.open('main');
      const before = Number(await writes.textContent({ timeout: 5000 }));
      await measure(3);
      const during = Number(await writes.textContent({ timeout: 5000 })) - before;
      expect(during, "A's writes while B measured").toBeGreaterThan(20);
      const [idleOne = 0, idleTwo = 0, busy = 0] = await medians();
      const idle = Math.max(idleOne, idleTwo);
      const said = `median read ms: idle ${idleOne}, ${idleTwo}; while the other app wrote ${during} values: ${busy}`;
      test.info().annotations.push({ type: 'medians', description: said });
      expect(busy, said).toBeLessThan(idle * 2 + 2);
    },
  },
];
