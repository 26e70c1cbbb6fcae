import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { SdkResult } from '../../protocol.ts';
import { STORAGE_LIMITS } from '../../storageLimits.ts';
import { StorageBridge } from '../StorageBridge.ts';
import {
  APP_DATA_LIMITS,
  type AppData,
  appDataFileText,
  checkFileSize,
  makeAppDataFile,
  parseAppDataFile,
} from './appDataFile.ts';

const ORIGIN = {
  room: { id: 'r1', name: 'Family' },
  app: { id: 'a1', name: 'Notes', version: 3 },
  exportedAt: '2026-12-07T14:00:00.000Z',
};
const DATA: AppData = {
  sdk: [['notes', JSON.stringify([{ text: 'milk', constructor: 'kept: an app value may hold any key' }])]],
  localStorage: [['theme', 'dark']],
  windowStorage: [['draft', 'hello']],
};
const fileText = async (data = DATA) => appDataFileText(await makeAppDataFile(ORIGIN, data));
/** The file as JSON with `edit` applied to it (the hash left as it was). */
const edited = async (edit: (file: Record<string, unknown>) => void) => {
  const file = JSON.parse(await fileText());
  edit(file);
  return JSON.stringify(file);
};
const refused = (text: string, message: RegExp) =>
  expect(parseAppDataFile(text)).rejects.toMatchObject({ name: 'DataFileError', message });

describe('app data files', () => {
  it('round-trips what the app keeps, with its origin and a hash that checks', async () => {
    const parsed = await parseAppDataFile(await fileText());
    expect(parsed).toMatchObject({ format: 'room-app-data', version: 1, ...ORIGIN, data: DATA });
    expect(parsed.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses what is not JSON, another format or version, and a truncated file', async () => {
    await refused('hello', /not JSON/);
    const text = await fileText();
    await refused(text.slice(0, text.length / 2), /truncated/);
    await refused(JSON.stringify({ format: 'excalidraw', version: 1 }), /not a Room app data file/);
    await refused(await edited((f) => (f.version = 2)), /format version 2/);
  });

  it('refuses a file deeper than the format, before parsing it', async () => {
    await refused(`${'['.repeat(10_000)}${']'.repeat(10_000)}`, /nested deeper/);
    // Inside a value too: an app value deeper than storage allows.
    const deep = `${'['.repeat(STORAGE_LIMITS.maxDepth + 1)}${']'.repeat(STORAGE_LIMITS.maxDepth + 1)}`;
    await refused(await edited((f) => ((f.data as AppData).sdk = [['k', deep]])), /nested deeper/);
  });

  it('refuses __proto__, constructor and unknown keys', async () => {
    const text = await fileText();
    await refused(text.replace('"format"', '"__proto__": {"polluted": true},\n "format"'), /"__proto__"/);
    await refused(text.replace('"data": {', '"data": {\n  "constructor": 1,'), /"constructor"/);
    await refused(await edited((f) => (f.extra = 1)), /unknown field "extra"/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses values of the wrong type', async () => {
    await refused(
      await edited((f) => ((f.data as AppData).localStorage = [['k', 1 as never]])),
      /pairs of text/,
    );
    await refused(await edited((f) => ((f.data as AppData).sdk = [['k', '{oops']])), /not valid/);
    await refused(await edited((f) => (f.app = { id: 'a1', name: 'Notes', version: '3' })), /version/);
    await refused(
      await edited((f) => ((f.data as AppData).sdk = { k: '1' } as never)),
      /list of \[key, value\]/,
    );
    await refused(
      await edited(
        (f) =>
          ((f.data as AppData).localStorage = [
            ['k', 'a'],
            ['k', 'b'],
          ]),
      ),
      /twice/,
    );
  });

  it('refuses a file whose hash does not match its contents', async () => {
    await refused(
      await edited((f) => ((f.data as AppData).localStorage = [['theme', 'light']])),
      /hash does not match/,
    );
    await refused(await edited((f) => ((f.app as { name: string }).name = 'Other')), /hash does not match/);
  });

  it('refuses a file over the quota: by its size before parsing, by each area after', async () => {
    expect(() => checkFileSize(APP_DATA_LIMITS.maxBytes + 1, APP_DATA_LIMITS.maxBytes)).toThrow(/more than/);
    await refused(' '.repeat(APP_DATA_LIMITS.maxBytes + 1), /more than this app may keep/);
    const big = 'x'.repeat(STORAGE_LIMITS.maxValueBytes - 10);
    const many: [string, string][] = Array.from({ length: 11 }, (_, i) => [`k${i}`, JSON.stringify(big)]);
    await refused(await fileText({ ...DATA, sdk: many }), /over this app's quota/);
  });
});

describe('import into the launcher', () => {
  let dbs = 0;
  let ids = 0;
  const A = { roomId: 'r1', appId: 'a1' };
  const call = (b: StorageBridge, method: 'storage.set' | 'artifact.set', params: Record<string, unknown>) =>
    new Promise<SdkResult>((resolve) =>
      b.handle(A, { type: 'sdk-call', id: ++ids, method, params }, (m) => {
        if (m.type === 'sdk-result') resolve(m);
      }),
    );

  it('replaces everything in one generation; writes from a frame opened before it are dropped', async () => {
    const bridge = new StorageBridge({ dbName: `import-${++dbs}`, channelName: null });
    // A frame starts: it gets the app's localStorage, and runs on that generation.
    await bridge.localSnapshot(A);
    expect(await call(bridge, 'storage.set', { key: 'old', value: 1 })).toMatchObject({ ok: true });
    const file = await parseAppDataFile(await fileText());
    await bridge.importData(A, file.data);
    expect(await bridge.exportData(A)).toEqual(DATA);
    expect(await bridge.usage(A)).toMatchObject({ keys: 3 });
    // The frame that was open before the import writes: dropped, not applied over the import.
    expect(await call(bridge, 'storage.set', { key: 'notes', value: 'stale' })).toMatchObject({
      ok: false,
      error: { code: 'not_available', message: expect.stringContaining('replaced by an import') },
    });
    bridge.handle(A, { type: 'local-write', clear: true, entries: [['theme', 'stale']] }, () => {});
    // A reloaded frame (handed the new localStorage) writes on the new generation.
    expect(await bridge.localSnapshot(A)).toEqual([['theme', 'dark']]);
    expect(await call(bridge, 'storage.set', { key: 'fresh', value: 2 })).toMatchObject({ ok: true });
    expect((await bridge.exportData(A)).localStorage).toEqual([['theme', 'dark']]);
    expect((await bridge.exportData(A)).sdk.map(([k]) => k)).toEqual(['fresh', 'notes']);
    bridge.stop();
  });

  it("tells other launcher pages of the new generation; their frame's writes from before it are dropped", async () => {
    const name = `import-${++dbs}`;
    const channelName = `chan-${name}`;
    const here = new StorageBridge({ dbName: name, channelName });
    const there = new StorageBridge({ dbName: name, channelName });
    here.start();
    there.start();
    await there.localSnapshot(A);
    const heard = new Promise((resolve) => there.subscribe(resolve));
    await here.importData(A, DATA);
    expect(await heard).toMatchObject({ ...A, key: null, generation: 1 });
    // The other page's frame has not reloaded yet: its write is checked in its own transaction, and dropped.
    expect(await call(there, 'artifact.set', { key: 'draft', value: 'stale' })).toMatchObject({ ok: false });
    expect((await here.exportData(A)).windowStorage).toEqual([['draft', 'hello']]);
    here.stop();
    there.stop();
  });
});
