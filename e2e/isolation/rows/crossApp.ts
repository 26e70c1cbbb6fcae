import { expect } from '@playwright/test';
import { at } from '../assertions.ts';
import { probeApp } from '../probeApp.ts';
import type { Row } from '../Row.ts';
import type { Attempt } from '../rowEnv.ts';
import { empty, hostRecords, openAndProbe } from '../rowHelpers.ts';

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
      const records = await hostRecords(t);
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
      const records = await hostRecords(t);
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
];
