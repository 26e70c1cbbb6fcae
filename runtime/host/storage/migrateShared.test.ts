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

  it('creates nothing where there was no shared database', async () => {
    const name = `none-${++dbs}`;
    const bridge = new StorageBridge({ dbName: name, channelName: null });
    await call(bridge, A, 'storage.set', { key: 'k', value: 1 });
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(name);
    bridge.stop();
  });
});
