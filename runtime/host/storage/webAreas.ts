import { CodedError } from '../../../validation/errorCodes.ts';
import { utf8Bytes } from '../../storageLimits.ts';
import { entryUnits } from '../../webStorageLimits.ts';
import { type AppStorageDb, type AreaUsage, checkGeneration, type WebArea } from './storageDb.ts';

/** Writes wait for the disk, as the SDK's do. */
const STRICT = { durability: 'strict' } as const;
const NONE: AreaUsage = { units: 0, bytes: 0, keys: 0 };

/** Every key and value of an area, sorted by key, from one transaction. */
export async function readArea(db: AppStorageDb, area: WebArea): Promise<[string, string][]> {
  const tx = db.transaction(area, 'readonly');
  const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll(), tx.done]);
  return keys.map((key, i) => [key, values[i] as string]);
}

export async function readAreaKey(db: AppStorageDb, area: WebArea, key: string): Promise<string | undefined> {
  return db.get(area, key);
}

/** What one batch did: the keys it changed (`null`: it cleared first), and those refused for the quota. */
export interface AreaWriteOutcome {
  cleared: boolean;
  changed: string[];
  refused: string[];
}

/**
 * Applies writes to an area in one transaction, in order: `clear` first, then each key's value (`null`:
 * removed). A value that would take the area past `quotaUnits` is refused and the rest still apply.
 */
export async function writeArea(
  db: AppStorageDb,
  area: WebArea,
  batch: {
    clear: boolean;
    entries: readonly (readonly [string, string | null])[];
    quotaUnits: number;
    generation?: number;
  },
): Promise<AreaWriteOutcome> {
  const tx = db.transaction([area, 'areaUsage', 'meta'], 'readwrite', STRICT);
  await checkGeneration(tx, batch.generation);
  const store = tx.objectStore(area);
  const usages = tx.objectStore('areaUsage');
  const requests: Promise<unknown>[] = [];
  if (batch.clear) requests.push(store.clear());
  const keys = [...new Set(batch.entries.map(([key]) => key))];
  // Read in one go, after the clear (requests run in order); a key named twice counts once, as it is.
  const [usage0, ...stored] = await Promise.all([
    batch.clear ? NONE : usages.get(area),
    ...keys.map((key) => store.get(key)),
  ]);
  const now = new Map(keys.map((key, i) => [key, stored[i]]));
  let usage = usage0 ?? NONE;
  const outcome: AreaWriteOutcome = { cleared: batch.clear, changed: [], refused: [] };
  for (const [key, value] of batch.entries) {
    const old = now.get(key);
    if (old === value || (old === undefined && value === null)) continue;
    const without =
      old === undefined
        ? usage
        : {
            units: usage.units - entryUnits(key, old),
            bytes: usage.bytes - utf8Bytes(key) - utf8Bytes(old),
            keys: usage.keys - 1,
          };
    if (value === null) {
      requests.push(store.delete(key));
      now.set(key, undefined);
      usage = without;
    } else {
      const units = without.units + entryUnits(key, value);
      if (units > batch.quotaUnits) {
        outcome.refused.push(key);
        continue;
      }
      requests.push(store.put(value, key));
      now.set(key, value);
      usage = { units, bytes: without.bytes + utf8Bytes(key) + utf8Bytes(value), keys: without.keys + 1 };
    }
    outcome.changed.push(key);
  }
  await Promise.all([...requests, usages.put(usage, area), tx.done]);
  return outcome;
}

/** One `window.storage` value; `quota_exceeded` past the area's quota. */
export async function setAreaKey(
  db: AppStorageDb,
  area: WebArea,
  entry: { key: string; value: string; quotaUnits: number; generation?: number },
): Promise<void> {
  const outcome = await writeArea(db, area, {
    clear: false,
    entries: [[entry.key, entry.value]],
    quotaUnits: entry.quotaUnits,
    ...(entry.generation === undefined ? {} : { generation: entry.generation }),
  });
  if (outcome.refused.length > 0) {
    throw new CodedError(
      'quota_exceeded',
      `This app may keep ${entry.quotaUnits} characters in window.storage on this device`,
    );
  }
}

/** Keys of an area starting with `prefix`, sorted. */
export async function listArea(db: AppStorageDb, area: WebArea, prefix: string): Promise<string[]> {
  return (await db.getAllKeys(area)).filter((key) => key.startsWith(prefix));
}

/** Totals of both web areas. */
export async function webAreasUsage(db: AppStorageDb): Promise<AreaUsage> {
  const tx = db.transaction('areaUsage', 'readonly');
  const [local = NONE, artifact = NONE] = await Promise.all([
    tx.store.get('local'),
    tx.store.get('artifact'),
    tx.done,
  ]);
  return {
    units: local.units + artifact.units,
    bytes: local.bytes + artifact.bytes,
    keys: local.keys + artifact.keys,
  };
}

/** Empties both web areas and their totals, in one transaction. */
export async function clearWebAreas(db: AppStorageDb): Promise<void> {
  const tx = db.transaction(['local', 'artifact', 'areaUsage'], 'readwrite', STRICT);
  await Promise.all([
    tx.objectStore('local').clear(),
    tx.objectStore('artifact').clear(),
    tx.objectStore('areaUsage').clear(),
    tx.done,
  ]);
}
