import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import type { SdkMethod, SdkResult } from '../../protocol.ts';
import type { FrameIdentity } from '../FrameController.ts';
import { StorageBridge } from '../StorageBridge.ts';
import type { AppStorageSchema } from './storageDb.ts';

const A: FrameIdentity = { roomId: 'r1', appId: 'a' };
const B: FrameIdentity = { roomId: 'r1', appId: 'b' };
let dbs = 0;

/** The shared database as the launcher before per-app databases left it (version 1, one store each). */
async function sharedAsBefore(name: string, rows: [FrameIdentity, string, unknown][]): Promise<void> {
  const db = await openDB<AppStorageSchema>(name, 1, {
    upgrade(d) {
      d.createObjectStore('records', { keyPath: ['roomId', 'instanceId', 'key'] });
      d.createObjectStore('usage', { keyPath: ['roomId', 'instanceId'] });
    },
  });
  for (const [who, key, value] of rows) {
    const json = JSON.stringify(value);
    const bytes = key.length + json.length;
    const usage = (await db.get('usage', [who.roomId, who.appId])) ?? {
      roomId: who.roomId,
      instanceId: who.appId,
      bytes: 0,
      keys: 0,
    };
    await db.put('records', { roomId: who.roomId, instanceId: who.appId, key, json, bytes });
    await db.put('usage', { ...usage, bytes: usage.bytes + bytes, keys: usage.keys + 1 });
  }
  db.close();
}

let ids = 0;
const call = (
  b: StorageBridge,
  who: FrameIdentity,
  method: SdkMethod,
  params: Record<string, unknown> = {},
) =>
  new Promise<SdkResult>((resolve) =>
    b.handle(who, { type: 'sdk-call', id: ++ids, method, params }, (m) => {
      if (m.type === 'sdk-result') resolve(m);
    }),
  );
const value = (r: SdkResult) => (r.ok ? r.value : `error:${r.error.code}`);

describe('moving the shared database into per-app databases', () => {
  it("keeps every app's records and totals, each in its own database, and empties the shared one", async () => {
    const name = `shared-${++dbs}`;
    await sharedAsBefore(name, [
      [A, 'team', ['Ada', 'Grace']],
      [A, 'count', 3],
      [B, 'team', 'b only'],
    ]);
    const bridge = new StorageBridge({ dbName: name, channelName: null });
    expect(value(await call(bridge, A, 'storage.get', { key: 'team' }))).toEqual(['Ada', 'Grace']);
    expect(value(await call(bridge, A, 'storage.keys'))).toEqual(['count', 'team']);
    expect(value(await call(bridge, B, 'storage.get', { key: 'team' }))).toBe('b only');
    expect(await bridge.usage(A)).toEqual({ bytes: 4 + 15 + 5 + 1, keys: 2 });
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining([`${name}/r1/a`, `${name}/r1/b`]));
    bridge.stop();

    const shared = await openDB<AppStorageSchema>(name);
    expect(shared.version).toBe(2);
    expect(await shared.count('records')).toBe(0);
    expect(await shared.count('usage')).toBe(0);
    shared.close();
    // A launcher tab from before cannot open it any more: it asks the person to reload, and writes nothing there.
    await expect(openDB(name, 1)).rejects.toMatchObject({ name: 'VersionError' });
  });

  it('copies an app once: records left behind by a crash after the copy do not overwrite newer writes', async () => {
    const name = `shared-${++dbs}`;
    await sharedAsBefore(name, [[A, 'note', 'old']]);
    const first = new StorageBridge({ dbName: name, channelName: null });
    await call(first, A, 'storage.set', { key: 'note', value: 'newer' });
    first.stop();
    // As if the delete after the copy had not happened.
    const shared = await openDB<AppStorageSchema>(name, 2);
    await shared.put('records', { roomId: 'r1', instanceId: 'a', key: 'note', json: '"old"', bytes: 9 });
    shared.close();
    const second = new StorageBridge({ dbName: name, channelName: null });
    expect(value(await call(second, A, 'storage.get', { key: 'note' }))).toBe('newer');
    second.stop();
  });

  it('creates the shared database emptied where there was none: an older tab opened later cannot write there', async () => {
    const name = `none-${++dbs}`;
    const newTab = new StorageBridge({ dbName: name, channelName: null });
    await call(newTab, A, 'storage.set', { key: 'note', value: 'new-1' });
    // A tab loaded before the deploy opens the room now: it would have created the shared database and written there.
    await expect(sharedAsBefore(name, [[A, 'note', 'old-tab']])).rejects.toMatchObject({
      name: 'VersionError',
    });
    await call(newTab, A, 'storage.set', { key: 'note', value: 'new-2-latest' });
    await call(newTab, A, 'storage.set', { key: 'big', value: 'x'.repeat(1000) });
    newTab.stop();
    const reloaded = new StorageBridge({ dbName: name, channelName: null });
    expect(value(await call(reloaded, A, 'storage.get', { key: 'note' }))).toBe('new-2-latest');
    expect(await reloaded.usage(A)).toEqual({ bytes: 4 + 14 + 3 + 1002, keys: 2 });
    reloaded.stop();
  });

  it("merges into an app's database written before the move: its own keys win, totals count every record", async () => {
    const name = `merge-${++dbs}`;
    // The app's database as a launcher that skipped the move left it (no "moved" mark).
    const own = new StorageBridge({ dbName: `${name}-own`, channelName: null });
    await call(own, A, 'storage.set', { key: 'note', value: 'newer' });
    own.stop();
    const appDb = await openDB<AppStorageSchema>(`${name}-own/r1/a`);
    const written = await appDb.getAll('records');
    appDb.close();
    const target = await openDB<AppStorageSchema>(`${name}/r1/a`, 1, {
      upgrade(d) {
        d.createObjectStore('records', { keyPath: ['roomId', 'instanceId', 'key'] });
        d.createObjectStore('usage', { keyPath: ['roomId', 'instanceId'] });
        d.createObjectStore('meta');
      },
    });
    for (const r of written) await target.put('records', r);
    await target.put('usage', { roomId: 'r1', instanceId: 'a', bytes: 4 + 7, keys: 1 });
    target.close();
    await sharedAsBefore(name, [
      [A, 'note', 'old'],
      [A, 'extra', 'x'.repeat(100)],
    ]);
    const bridge = new StorageBridge({ dbName: name, channelName: null });
    expect(value(await call(bridge, A, 'storage.get', { key: 'note' }))).toBe('newer');
    expect(value(await call(bridge, A, 'storage.get', { key: 'extra' }))).toBe('x'.repeat(100));
    expect(await bridge.usage(A)).toEqual({ bytes: 4 + 7 + 5 + 102, keys: 2 });
    bridge.stop();
  });

  it('an app that cannot move waits alone: the others are served, its records stay in the shared database', async () => {
    const name = `fail-${++dbs}`;
    await sharedAsBefore(name, [
      [A, 'note', 'a'],
      [B, 'note', 'b'],
    ]);
    // A's own database at a version this launcher cannot open.
    (await openDB(`${name}/r1/a`, 7)).close();
    const bridge = new StorageBridge({ dbName: name, channelName: null });
    expect(value(await call(bridge, B, 'storage.get', { key: 'note' }))).toBe('b');
    expect(value(await call(bridge, A, 'storage.get', { key: 'note' }))).toBe('error:not_available');
    bridge.stop();
    const shared = await openDB<AppStorageSchema>(name, 2);
    expect(await shared.count('records')).toBe(1);
    shared.close();
  });
});
