import { utf8Bytes } from '../../storageLimits.ts';
import { entryUnits } from '../../webStorageLimits.ts';
import type { FrameIdentity } from '../FrameController.ts';
import type { AppData } from './appDataFile.ts';
import { appRange } from './appRecords.ts';
import type { AppStorageDb, AreaUsage } from './storageDb.ts';

/** Writes wait for the disk, as the SDK's do. */
const STRICT = { durability: 'strict' } as const;

/** The app's data generation on this device: 0 until an import replaces it. */
export async function readGeneration(db: AppStorageDb): Promise<number> {
  const generation = await db.get('meta', 'generation');
  return typeof generation === 'number' ? generation : 0;
}

/** The app's `localStorage` and the generation it belongs to, from one transaction (what a starting frame gets). */
export async function readLocalAt(
  db: AppStorageDb,
): Promise<{ entries: [string, string][]; generation: number }> {
  const tx = db.transaction(['local', 'meta'], 'readonly');
  const [keys, values, generation] = await Promise.all([
    tx.objectStore('local').getAllKeys(),
    tx.objectStore('local').getAll(),
    tx.objectStore('meta').get('generation'),
    tx.done,
  ]);
  return {
    entries: keys.map((k, i): [string, string] => [k, values[i] as string]),
    generation: typeof generation === 'number' ? generation : 0,
  };
}

/** Everything the app keeps here (`@room/sdk` values as stored JSON, both web areas), from one transaction. */
export async function readAppData(db: AppStorageDb, who: FrameIdentity): Promise<AppData> {
  const tx = db.transaction(['records', 'local', 'artifact'], 'readonly');
  const [records, localKeys, localValues, artifactKeys, artifactValues] = await Promise.all([
    tx.objectStore('records').getAll(appRange(who)),
    tx.objectStore('local').getAllKeys(),
    tx.objectStore('local').getAll(),
    tx.objectStore('artifact').getAllKeys(),
    tx.objectStore('artifact').getAll(),
    tx.done,
  ]);
  const zip = (keys: string[], values: string[]) =>
    keys.map((k, i): [string, string] => [k, values[i] as string]);
  return {
    sdk: records.map((r): [string, string] => [r.key, r.json]),
    localStorage: zip(localKeys, localValues),
    windowStorage: zip(artifactKeys, artifactValues),
  };
}

const areaUsage = (entries: [string, string][]): AreaUsage => ({
  units: entries.reduce((n, [k, v]) => n + entryUnits(k, v), 0),
  bytes: entries.reduce((n, [k, v]) => n + utf8Bytes(k) + utf8Bytes(v), 0),
  keys: entries.length,
});

/**
 * Replaces everything the app keeps here with `data` (already checked against its quotas) and starts a new
 * generation, all in one transaction: a failure leaves the old data exactly as it was. Returns the generation.
 */
export async function replaceAppData(db: AppStorageDb, who: FrameIdentity, data: AppData): Promise<number> {
  const stores = ['records', 'usage', 'local', 'artifact', 'areaUsage', 'meta'] as const;
  const tx = db.transaction([...stores], 'readwrite', STRICT);
  const records = tx.objectStore('records');
  const local = tx.objectStore('local');
  const artifact = tx.objectStore('artifact');
  const meta = tx.objectStore('meta');
  const old = await meta.get('generation');
  const generation = (typeof old === 'number' ? old : 0) + 1;
  const sdkBytes = data.sdk.reduce((n, [k, json]) => n + utf8Bytes(k) + utf8Bytes(json), 0);
  const requests: Promise<unknown>[] = [
    records.delete(appRange(who)),
    local.clear(),
    artifact.clear(),
    ...data.sdk.map(([key, json]) =>
      records.put({
        roomId: who.roomId,
        instanceId: who.appId,
        key,
        json,
        bytes: utf8Bytes(key) + utf8Bytes(json),
      }),
    ),
    data.sdk.length > 0
      ? tx
          .objectStore('usage')
          .put({ roomId: who.roomId, instanceId: who.appId, bytes: sdkBytes, keys: data.sdk.length })
      : tx.objectStore('usage').delete([who.roomId, who.appId]),
    ...data.localStorage.map(([key, value]) => local.put(value, key)),
    ...data.windowStorage.map(([key, value]) => artifact.put(value, key)),
    tx.objectStore('areaUsage').put(areaUsage(data.localStorage), 'local'),
    tx.objectStore('areaUsage').put(areaUsage(data.windowStorage), 'artifact'),
    meta.put(generation, 'generation'),
  ];
  await Promise.all([...requests, tx.done]);
  return generation;
}
