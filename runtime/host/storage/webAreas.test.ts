import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { HostToFrame, SdkMethod, SdkResult } from '../../protocol.ts';
import { WEB_STORAGE_LIMITS } from '../../webStorageLimits.ts';
import type { FrameIdentity } from '../FrameController.ts';
import { StorageBridge } from '../StorageBridge.ts';

let dbs = 0;
let ids = 0;
const A: FrameIdentity = { roomId: 'r1', appId: 'a' };
const B: FrameIdentity = { roomId: 'r1', appId: 'b' };
const bridge = (channelName: string | null = null, dbName = `web-${++dbs}`) =>
  new StorageBridge({ dbName, channelName });

const write = (
  b: StorageBridge,
  who: FrameIdentity,
  entries: [string, string | null][],
  opts: { clear?: boolean; reply?: (m: HostToFrame) => void } = {},
) => b.handle(who, { type: 'local-write', clear: opts.clear ?? false, entries }, opts.reply ?? (() => {}));

const call = (b: StorageBridge, who: FrameIdentity, method: SdkMethod, params: Record<string, unknown>) =>
  new Promise<SdkResult>((resolve) =>
    b.handle(who, { type: 'sdk-call', id: ++ids, method, params }, (m) => {
      if (m.type === 'sdk-result') resolve(m);
    }),
  );
const value = (r: SdkResult) => (r.ok ? r.value : `error:${r.error.code}`);

describe('localStorage and window.storage on the host', () => {
  it('applies writes in the order they came, and hands the namespace over as a snapshot', async () => {
    const b = bridge();
    expect(await b.localSnapshot(A)).toBeUndefined();
    write(b, A, [
      ['x', '1'],
      ['y', '2'],
    ]);
    write(b, A, [['z', '3']], { clear: true });
    write(b, A, [
      ['z', null],
      ['w', '4'],
    ]);
    expect(await b.localSnapshot(A)).toEqual([['w', '4']]);
    // Another app, and the SDK's own keys, see none of it.
    expect(await b.localSnapshot(B)).toBeUndefined();
    expect(value(await call(b, A, 'storage.keys', {}))).toEqual([]);
    expect(value(await call(b, A, 'artifact.list', {}))).toEqual([]);
    b.stop();
  });

  it('refuses a write past 5 MiB of UTF-16 code units that the frame let through, and sends the stored value back', async () => {
    const b = bridge();
    const replies: HostToFrame[] = [];
    const reply = (m: HostToFrame) => replies.push(m);
    write(b, A, [['k', 'a']], { reply });
    write(
      b,
      A,
      [
        ['big', 'x'.repeat(WEB_STORAGE_LIMITS.localQuotaUnits)],
        ['ok', 'fine'],
      ],
      { reply },
    );
    expect(await b.localSnapshot(A)).toEqual([
      ['k', 'a'],
      ['ok', 'fine'],
    ]);
    await expect.poll(() => replies).toEqual([{ type: 'local-changed', key: 'big', value: null }]);
    expect(await b.usage(A)).toEqual({ bytes: 1 + 1 + 2 + 4, keys: 2 });
    b.stop();
  });

  it('keeps window.storage apart, counts every namespace in usage, and clears them all', async () => {
    const b = bridge();
    write(b, A, [['k', 'local']]);
    expect(value(await call(b, A, 'artifact.set', { key: 'k', value: 'artifact' }))).toBeUndefined();
    expect(value(await call(b, A, 'storage.set', { key: 'k', value: 'sdk' }))).toBeUndefined();
    expect(value(await call(b, A, 'artifact.get', { key: 'k' }))).toBe('artifact');
    expect(value(await call(b, A, 'artifact.set', { key: 'n', value: 1 }))).toBe('error:invalid_value');
    expect(value(await call(b, A, 'artifact.get', { key: '' }))).toBe('error:invalid_key');
    expect(value(await call(b, B, 'artifact.get', { key: 'k' }))).toBeUndefined();
    expect(await b.localSnapshot(A)).toEqual([['k', 'local']]);
    expect((await b.usage(A)).keys).toBe(3);
    await b.clear(A);
    expect(await b.usage(A)).toEqual({ bytes: 0, keys: 0 });
    expect(await b.localSnapshot(A)).toBeUndefined();
    expect(value(await call(b, A, 'artifact.list', { prefix: '' }))).toEqual([]);
    b.stop();
  });

  it("tells the app's frame in another page each written key with its value; other apps hear nothing", async () => {
    const channel = `web-channel-${++dbs}`;
    const dbName = `web-shared-${dbs}`;
    const one = bridge(channel, dbName);
    const two = bridge(channel, dbName);
    one.start();
    two.start();
    const seen: HostToFrame[] = [];
    const otherApp: HostToFrame[] = [];
    two.handle(A, { type: 'local-open' }, (m) => seen.push(m));
    two.handle(B, { type: 'local-open' }, (m) => otherApp.push(m));
    write(one, A, [['note', 'hello']]);
    await expect.poll(() => seen).toEqual([{ type: 'local-changed', key: 'note', value: 'hello' }]);
    write(one, A, [['other', 'x']], { clear: true });
    await expect.poll(() => seen.length).toBe(2);
    expect(seen[1]).toEqual({ type: 'local-reset', entries: [['other', 'x']] });
    expect(otherApp).toEqual([]);
    one.stop();
    two.stop();
  });

  it("an open after another page's write hands over that write (the page's in-memory copy is read again)", async () => {
    const channel = `web-channel-${++dbs}`;
    const dbName = `web-shared-${dbs}`;
    const one = bridge(channel, dbName);
    const two = bridge(channel, dbName);
    one.start();
    two.start();
    write(two, A, [['k', 'first']]);
    expect(await two.localSnapshot(A)).toEqual([['k', 'first']]);
    write(one, A, [['k', 'second']]);
    await expect.poll(() => two.localSnapshot(A)).toEqual([['k', 'second']]);
    // Its own writes it keeps current without reading.
    write(two, A, [
      ['k', null],
      ['j', 'third'],
    ]);
    expect(await two.localSnapshot(A)).toEqual([['j', 'third']]);
    one.stop();
    two.stop();
  });

  it('drops local-write messages past 256 waiting for the disk (an app posting on its own port), keeping the rest', async () => {
    const b = bridge();
    const warn = console.warn;
    console.warn = () => {};
    try {
      for (let i = 0; i < 300; i++) write(b, A, [[`k${i}`, 'v']]);
      expect((await b.localSnapshot(A))?.length).toBe(256);
      write(b, A, [['after', 'v']]);
      expect((await b.localSnapshot(A))?.length).toBe(257);
    } finally {
      console.warn = warn;
    }
    b.stop();
  });
});
