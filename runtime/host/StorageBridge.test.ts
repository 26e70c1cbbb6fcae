import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { HostToFrame, SdkMethod, SdkResult } from '../protocol.ts';
import type { FrameIdentity } from './FrameController.ts';
import { StorageBridge } from './StorageBridge.ts';

let dbs = 0;
const A: FrameIdentity = { roomId: 'r1', appId: 'a' };
const B: FrameIdentity = { roomId: 'r1', appId: 'b' };
const A_IN_R2: FrameIdentity = { roomId: 'r2', appId: 'a' };

function bridge(opts: ConstructorParameters<typeof StorageBridge>[0] = {}) {
  return new StorageBridge({ dbName: `test-${++dbs}`, channelName: null, ...opts });
}

let ids = 0;
function call(
  b: StorageBridge,
  who: FrameIdentity,
  method: SdkMethod,
  params: Record<string, unknown> = {},
): Promise<SdkResult> {
  return new Promise((resolve) => {
    b.handle(who, { type: 'sdk-call', id: ++ids, method, params }, (m) => {
      if (m.type === 'sdk-result') resolve(m);
    });
  });
}
const value = (r: SdkResult) => (r.ok ? r.value : `error:${r.error.code}`);
const code = (r: SdkResult) => (r.ok ? 'ok' : r.error.code);

describe('StorageBridge', () => {
  it('keeps each app in its own namespace, in the same room and across rooms', async () => {
    const b = bridge();
    await call(b, A, 'storage.set', { key: 'k', value: { team: ['Ada'] } });
    await call(b, B, 'storage.set', { key: 'k', value: 'b' });
    await call(b, A_IN_R2, 'storage.set', { key: 'other', value: 2 });
    expect(value(await call(b, A, 'storage.get', { key: 'k' }))).toEqual({ team: ['Ada'] });
    expect(value(await call(b, B, 'storage.get', { key: 'k' }))).toBe('b');
    expect(value(await call(b, A_IN_R2, 'storage.get', { key: 'k' }))).toBeUndefined();
    expect(value(await call(b, A, 'storage.keys'))).toEqual(['k']);
    expect(value(await call(b, A_IN_R2, 'storage.keys'))).toEqual(['other']);
    await call(b, A, 'storage.clear');
    expect(value(await call(b, A, 'storage.keys'))).toEqual([]);
    expect(value(await call(b, B, 'storage.get', { key: 'k' }))).toBe('b');
    expect(value(await call(b, A_IN_R2, 'storage.keys'))).toEqual(['other']);
  });

  it('ignores app ids a message claims: only the port decides', async () => {
    const b = bridge();
    await call(b, B, 'storage.set', { key: 'secret', value: 'b-only' });
    const claims = { key: 'secret', appId: 'b', roomId: 'r1', instanceId: 'b', who: B };
    expect(value(await call(b, A, 'storage.get', claims))).toBeUndefined();
    await call(b, A, 'storage.set', { ...claims, value: 'from a' });
    await call(b, A, 'storage.clear', { appId: 'b', roomId: 'r1' });
    expect(value(await call(b, B, 'storage.get', { key: 'secret' }))).toBe('b-only');
    expect(value(await call(b, A, 'storage.keys', { appId: 'b' }))).toEqual([]);
  });

  it('keys that look like paths or separators never reach another app', async () => {
    const b = bridge();
    await call(b, B, 'storage.set', { key: 'x', value: 1 });
    for (const key of ['../b/x', 'b:x', '\u0000', '["r1","b","x"]', 'x\u0000b']) {
      expect(code(await call(b, A, 'storage.set', { key, value: 'a' }))).toBe('ok');
    }
    expect(value(await call(b, B, 'storage.keys'))).toEqual(['x']);
    expect((value(await call(b, A, 'storage.keys')) as string[]).length).toBe(5);
  });

  it('rejects bad keys with invalid_key', async () => {
    const b = bridge();
    for (const key of ['', 'k'.repeat(513), 42, null, undefined, ['k']]) {
      expect(code(await call(b, A, 'storage.get', { key }))).toBe('invalid_key');
      expect(code(await call(b, A, 'storage.set', { key, value: 1 }))).toBe('invalid_key');
    }
    expect(code(await call(b, A, 'storage.set', { key: 'k'.repeat(512), value: 1 }))).toBe('ok');
  });

  it('rejects values that are not JSON-compatible with invalid_value, and keeps the old value', async () => {
    const b = bridge();
    await call(b, A, 'storage.set', { key: 'k', value: 'kept' });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    // biome-ignore lint/suspicious/noSparseArray: a hole is the point
    const bad = [undefined, Number.NaN, Infinity, new Date(), new Map(), circular, [1, , 3], { a: 10n }];
    for (const v of bad)
      expect(code(await call(b, A, 'storage.set', { key: 'k', value: v }))).toBe('invalid_value');
    expect(code(await call(b, A, 'storage.set', { key: 'k' }))).toBe('invalid_value');
    expect(value(await call(b, A, 'storage.get', { key: 'k' }))).toBe('kept');
  });

  it('limits a value to 1 MB (too_large) and an app to its quota (quota_exceeded), counting bytes', async () => {
    const b = bridge({ quotaBytes: 3000 });
    expect(code(await call(b, A, 'storage.set', { key: 'big', value: 'x'.repeat(1024 * 1024) }))).toBe(
      'too_large',
    );
    expect(code(await call(b, A, 'storage.set', { key: 'big', value: ['é'.repeat(600_000)] }))).toBe(
      'too_large',
    );
    expect(code(await call(b, A, 'storage.set', { key: 'a', value: 'x'.repeat(1000) }))).toBe('ok');
    expect(await b.usage(A)).toEqual({ bytes: 1 + 1002, keys: 1 });
    // Two-byte characters count twice: 1000 of them no longer fit beside the first value.
    expect(code(await call(b, A, 'storage.set', { key: 'b', value: 'é'.repeat(1000) }))).toBe(
      'quota_exceeded',
    );
    // Overwriting frees what the old value used.
    expect(code(await call(b, A, 'storage.set', { key: 'a', value: 'y'.repeat(2900) }))).toBe('ok');
    expect(code(await call(b, B, 'storage.set', { key: 'a', value: 'z'.repeat(2900) }))).toBe('ok');
    await call(b, A, 'storage.delete', { key: 'a' });
    expect(await b.usage(A)).toEqual({ bytes: 0, keys: 0 });
    expect(await b.usage(B)).toEqual({ bytes: 2903, keys: 1 });
  });

  it('answers too_many_requests past the in-flight bound, then serves again', async () => {
    const b = bridge({ maxInFlight: 4 });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call(b, A, 'storage.set', { key: `k${i}`, value: i })),
    );
    expect(results.map(code)).toEqual(['ok', 'ok', 'ok', 'ok', 'too_many_requests', 'too_many_requests']);
    expect(code(await call(b, B, 'storage.get', { key: 'k' }))).toBe('ok');
    expect(value(await call(b, A, 'storage.keys'))).toEqual(['k0', 'k1', 'k2', 'k3']);
  });

  it('drops the data of apps no longer in the room, and only in that room', async () => {
    const b = bridge();
    await call(b, A, 'storage.set', { key: 'k', value: 1 });
    await call(b, B, 'storage.set', { key: 'k', value: 1 });
    await call(b, A_IN_R2, 'storage.set', { key: 'k', value: 1 });
    expect(await b.dropOrphans('r1', ['b'])).toEqual(['a']);
    expect(value(await call(b, A, 'storage.keys'))).toEqual([]);
    expect(value(await call(b, B, 'storage.keys'))).toEqual(['k']);
    expect(value(await call(b, A_IN_R2, 'storage.keys'))).toEqual(['k']);
  });

  it('tells the same app in another page which key changed, never the value', async () => {
    const channelName = `test-channel-${++dbs}`;
    const dbName = `shared-${dbs}`;
    const one = new StorageBridge({ dbName, channelName });
    const two = new StorageBridge({ dbName, channelName });
    one.start();
    two.start();
    const seen: HostToFrame[] = [];
    // The app's frame in page two makes a call, so page two knows where to send notices.
    await new Promise<void>((resolve) =>
      two.handle(A, { type: 'sdk-call', id: 1, method: 'storage.keys', params: {} }, (m) => {
        if (m.type === 'sdk-result') resolve();
        else seen.push(m);
      }),
    );
    const otherApp: HostToFrame[] = [];
    two.handle(B, { type: 'sdk-call', id: 2, method: 'storage.keys', params: {} }, (m) => {
      if (m.type !== 'sdk-result') otherApp.push(m);
    });
    await call(one, A, 'storage.set', { key: 'team', value: 'secret-value' });
    await one.clear(A);
    await expect.poll(() => seen.length).toBe(3);
    // "Clear app data" empties localStorage too: the frame gets it as stored now, empty.
    expect(seen).toEqual([
      { type: 'storage-changed', key: 'team' },
      { type: 'storage-changed', key: null },
      { type: 'local-reset', entries: [] },
    ]);
    expect(otherApp).toEqual([]);
    one.stop();
    two.stop();
  });
});
