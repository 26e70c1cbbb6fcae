import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { StorageDb } from './storageDb.ts';

describe('StorageDb', () => {
  it('steps aside for a newer version opened elsewhere, then answers not_available', async () => {
    const warnings: string[] = [];
    const storage = new StorageDb('db-blocking', (m) => warnings.push(m));
    const first = await storage.open();
    await first.put('usage', { roomId: 'r', instanceId: 'a', bytes: 1, keys: 1 });
    // Without the blocking handler this open would wait forever for `first` to close.
    const newer = await openDB('db-blocking', 3);
    expect(newer.version).toBe(3);
    newer.close();
    await expect(storage.open()).rejects.toMatchObject({
      code: 'not_available',
      message: expect.stringContaining('reload this page'),
    });
  });

  it('opens again after the connection was closed', async () => {
    const storage = new StorageDb('db-reopen');
    const db = await storage.open();
    storage.close();
    const again = await storage.open();
    expect(again).not.toBe(db);
    expect(await again.count('records')).toBe(0);
  });
});
