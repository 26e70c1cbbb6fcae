import { CodedError } from '../../../validation/errorCodes.ts';
import { utf8Bytes } from '../../storageLimits.ts';
import type { FrameIdentity } from '../FrameController.ts';
import { type AppStorageDb, type AppUsage, checkGeneration } from './storageDb.ts';

// Arrays sort after strings in IndexedDB, so [..., []] bounds every string key under a prefix.
export const appRange = (who: FrameIdentity) =>
  IDBKeyRange.bound([who.roomId, who.appId], [who.roomId, who.appId, []]);
const emptyUsage = (who: FrameIdentity): AppUsage => ({
  roomId: who.roomId,
  instanceId: who.appId,
  bytes: 0,
  keys: 0,
});
/** Writes wait for the disk: the Promise means the data is there after a crash. */
const STRICT = { durability: 'strict' } as const;

export async function readRecord(
  db: AppStorageDb,
  who: FrameIdentity,
  key: string,
): Promise<string | undefined> {
  return (await db.get('records', [who.roomId, who.appId, key]))?.json;
}

/** Puts one value, keeping the app within `quotaBytes`; resolves when the transaction completes. */
export async function writeRecord(
  db: AppStorageDb,
  who: FrameIdentity,
  entry: { key: string; json: string; quotaBytes: number; generation?: number },
): Promise<void> {
  const tx = db.transaction(['records', 'usage', 'meta'], 'readwrite', STRICT);
  await checkGeneration(tx, entry.generation);
  const records = tx.objectStore('records');
  const usages = tx.objectStore('usage');
  const [old, usage = emptyUsage(who)] = await Promise.all([
    records.get([who.roomId, who.appId, entry.key]),
    usages.get([who.roomId, who.appId]),
  ]);
  const bytes = utf8Bytes(entry.key) + utf8Bytes(entry.json);
  const total = usage.bytes - (old?.bytes ?? 0) + bytes;
  if (total > entry.quotaBytes) {
    tx.abort();
    await tx.done.catch(() => {});
    throw new CodedError(
      'quota_exceeded',
      `This app may keep ${entry.quotaBytes} bytes on this device; it holds ${usage.bytes}`,
      { used: usage.bytes, needed: bytes, quota: entry.quotaBytes },
    );
  }
  await Promise.all([
    records.put({ roomId: who.roomId, instanceId: who.appId, key: entry.key, json: entry.json, bytes }),
    usages.put({ ...usage, bytes: total, keys: usage.keys + (old ? 0 : 1) }),
    tx.done,
  ]);
}

export async function deleteRecord(
  db: AppStorageDb,
  who: FrameIdentity,
  key: string,
  generation?: number,
): Promise<void> {
  const tx = db.transaction(['records', 'usage', 'meta'], 'readwrite', STRICT);
  await checkGeneration(tx, generation);
  const records = tx.objectStore('records');
  const usages = tx.objectStore('usage');
  const [old, usage = emptyUsage(who)] = await Promise.all([
    records.get([who.roomId, who.appId, key]),
    usages.get([who.roomId, who.appId]),
  ]);
  if (!old) return tx.done;
  await Promise.all([
    records.delete([who.roomId, who.appId, key]),
    usage.keys <= 1
      ? usages.delete([who.roomId, who.appId])
      : usages.put({ ...usage, bytes: usage.bytes - old.bytes, keys: usage.keys - 1 }),
    tx.done,
  ]);
}

export async function listKeys(db: AppStorageDb, who: FrameIdentity): Promise<string[]> {
  const keys = await db.getAllKeys('records', appRange(who));
  return keys.map((k) => k[2]);
}

/** Removes every record of one app and its totals, in one transaction. */
export async function clearApp(db: AppStorageDb, who: FrameIdentity, generation?: number): Promise<void> {
  const tx = db.transaction(['records', 'usage', 'meta'], 'readwrite', STRICT);
  await checkGeneration(tx, generation);
  await Promise.all([
    tx.objectStore('records').delete(appRange(who)),
    tx.objectStore('usage').delete([who.roomId, who.appId]),
    tx.done,
  ]);
}

export async function readUsage(
  db: AppStorageDb,
  who: FrameIdentity,
): Promise<{ bytes: number; keys: number }> {
  const usage = (await db.get('usage', [who.roomId, who.appId])) ?? emptyUsage(who);
  return { bytes: usage.bytes, keys: usage.keys };
}
