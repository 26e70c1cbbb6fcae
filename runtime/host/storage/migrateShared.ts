import { openDB } from 'idb';
import type { FrameIdentity } from '../FrameController.ts';
import type { AppStorageDb, AppStorageSchema, StoredRecord } from './storageDb.ts';

/**
 * The shared database's version once emptied: a launcher from before per-app databases opens version 1,
 * gets a VersionError and asks to reload, so it never writes where no launcher reads any more.
 */
const EMPTIED_VERSION = 2;
const STRICT = { durability: 'strict' } as const;

/** The key {@link migrateShared}'s failures are listed under: JSON of [roomId, appId]. */
export const appKey = (who: FrameIdentity): string => JSON.stringify([who.roomId, who.appId]);

/**
 * Moves every app's records out of the database all apps shared into each app's own, app by app: copied
 * (once: the copy marks the app's database) before they are deleted, so a crash in between loses nothing.
 * An app that fails to move (its disk quota, a broken database) is returned, by {@link appKey}, with why:
 * the others are served meanwhile.
 */
export async function migrateShared(
  name: string,
  appDb: (who: FrameIdentity) => Promise<AppStorageDb>,
  warn: (message: string) => void,
): Promise<Map<string, Error>> {
  // Created at the emptied version even where there was none: an older tab opened later cannot write there.
  const shared = await openDB<AppStorageSchema>(name, EMPTIED_VERSION, {
    upgrade(db) {
      if (db.objectStoreNames.contains('records')) return;
      db.createObjectStore('records', { keyPath: ['roomId', 'instanceId', 'key'] });
      db.createObjectStore('usage', { keyPath: ['roomId', 'instanceId'] });
    },
    blocked: () => warn('App storage waits for an older launcher tab to close its database'),
  });
  const failed = new Map<string, Error>();
  try {
    for (const who of appsIn(await shared.getAllKeys('records'))) {
      const range = IDBKeyRange.bound([who.roomId, who.appId], [who.roomId, who.appId, []]);
      try {
        await copyOnce(await appDb(who), who, await shared.getAll('records', range));
        const tx = shared.transaction(['records', 'usage'], 'readwrite', STRICT);
        await Promise.all([
          tx.objectStore('records').delete(range),
          tx.objectStore('usage').delete([who.roomId, who.appId]),
          tx.done,
        ]);
      } catch (err) {
        failed.set(appKey(who), err instanceof Error ? err : new Error(String(err)));
      }
    }
  } finally {
    shared.close();
  }
  return failed;
}

function appsIn(keys: [string, string, string][]): FrameIdentity[] {
  const seen = new Map<string, FrameIdentity>();
  for (const [roomId, appId] of keys) seen.set(appKey({ roomId, appId }), { roomId, appId });
  return [...seen.values()];
}

/**
 * Adds the shared records the app's database lacks (a key the app wrote there is newer and wins), and its
 * totals counted again from all its records; once: after a crash before the delete, the app may have
 * deleted since.
 */
async function copyOnce(db: AppStorageDb, who: FrameIdentity, records: StoredRecord[]): Promise<void> {
  const tx = db.transaction(['records', 'usage', 'meta'], 'readwrite', STRICT);
  const store = tx.objectStore('records');
  if (await tx.objectStore('meta').get('migrated')) return tx.done;
  const range = IDBKeyRange.bound([who.roomId, who.appId], [who.roomId, who.appId, []]);
  const own = await store.getAll(range);
  const have = new Set(own.map((r) => r.key));
  const added = records.filter((r) => !have.has(r.key));
  const all = [...own, ...added];
  await Promise.all([
    ...added.map((r) => store.put(r)),
    tx.objectStore('usage').put({
      roomId: who.roomId,
      instanceId: who.appId,
      bytes: all.reduce((sum, r) => sum + r.bytes, 0),
      keys: all.length,
    }),
    tx.objectStore('meta').put(true, 'migrated'),
    tx.done,
  ]);
}
