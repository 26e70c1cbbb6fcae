import { openDB } from 'idb';
import type { FrameIdentity } from '../FrameController.ts';
import type { AppStorageDb, AppStorageSchema, StoredRecord } from './storageDb.ts';

/**
 * The shared database's version once emptied: a launcher from before per-app databases opens version 1,
 * gets a VersionError and asks to reload, so it never writes where no launcher reads any more.
 */
const EMPTIED_VERSION = 2;
const STRICT = { durability: 'strict' } as const;

/**
 * Moves every app's records out of the database all apps shared into each app's own, app by app: copied
 * (once: the copy marks the app's database) before they are deleted, so a crash in between loses nothing.
 */
export async function migrateShared(
  name: string,
  appDb: (who: FrameIdentity) => Promise<AppStorageDb>,
  warn: (message: string) => void,
): Promise<void> {
  // Opening a database that is not there would create it: ask first (a browser that cannot say gets an empty one).
  if (indexedDB.databases && !(await indexedDB.databases()).some((d) => d.name === name)) return;
  const shared = await openDB<AppStorageSchema>(name, EMPTIED_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion > 0) return;
      db.createObjectStore('records', { keyPath: ['roomId', 'instanceId', 'key'] });
      db.createObjectStore('usage', { keyPath: ['roomId', 'instanceId'] });
    },
    blocked: () => warn('App storage waits for an older launcher tab to close its database'),
  });
  try {
    for (const who of appsIn(await shared.getAllKeys('records'))) {
      const range = IDBKeyRange.bound([who.roomId, who.appId], [who.roomId, who.appId, []]);
      await copyOnce(await appDb(who), who, await shared.getAll('records', range));
      const tx = shared.transaction(['records', 'usage'], 'readwrite', STRICT);
      await Promise.all([
        tx.objectStore('records').delete(range),
        tx.objectStore('usage').delete([who.roomId, who.appId]),
        tx.done,
      ]);
    }
  } finally {
    shared.close();
  }
}

function appsIn(keys: [string, string, string][]): FrameIdentity[] {
  const seen = new Map<string, FrameIdentity>();
  for (const [roomId, appId] of keys) seen.set(JSON.stringify([roomId, appId]), { roomId, appId });
  return [...seen.values()];
}

/** The records and their totals in one transaction, unless an earlier run copied them (the app may have written since). */
async function copyOnce(db: AppStorageDb, who: FrameIdentity, records: StoredRecord[]): Promise<void> {
  const tx = db.transaction(['records', 'usage', 'meta'], 'readwrite', STRICT);
  if (await tx.objectStore('meta').get('migrated')) return tx.done;
  const bytes = records.reduce((sum, r) => sum + r.bytes, 0);
  await Promise.all([
    ...records.map((r) => tx.objectStore('records').put(r)),
    tx.objectStore('usage').put({ roomId: who.roomId, instanceId: who.appId, bytes, keys: records.length }),
    tx.objectStore('meta').put(true, 'migrated'),
    tx.done,
  ]);
}
