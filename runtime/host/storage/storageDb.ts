import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { CodedError } from '../../../validation/errorCodes.ts';
import type { FrameIdentity } from '../FrameController.ts';

/** One stored key of one app instance in one room. */
export interface StoredRecord {
  roomId: string;
  instanceId: string;
  key: string;
  /** The value as JSON: exactly what the app stored, and cheap to measure. */
  json: string;
  /** UTF-8 bytes of key + json, counted against the app's quota. */
  bytes: number;
}

/** Running totals per app, updated in the same transaction as its records. */
export interface AppUsage {
  roomId: string;
  instanceId: string;
  bytes: number;
  keys: number;
}

/** Totals of a web storage area, updated in the same transaction as its values. */
export interface AreaUsage {
  /** UTF-16 code units of keys plus values (what the area's quota counts). */
  units: number;
  /** UTF-8 bytes of keys plus values (what the App menu shows). */
  bytes: number;
  keys: number;
}

/** The web storage areas an app keeps beside its `@room/sdk` records, each its own namespace. */
export type WebArea = 'local' | 'artifact';

export interface AppStorageSchema extends DBSchema {
  records: { key: [string, string, string]; value: StoredRecord };
  usage: { key: [string, string]; value: AppUsage };
  /**
   * `migrated`: this app's records were copied from the shared database (see migrateShared.ts).
   * `generation`: how many imports replaced this app's data here (absent: 0); frames started on an older one write nothing.
   */
  meta: { key: string; value: boolean | number };
  /** The app's `localStorage`: key → value (the database is the app's own, so keys are its alone). */
  local: { key: string; value: string };
  /** The app's `window.storage` (Claude artifacts, personal scope): key → value. */
  artifact: { key: string; value: string };
  /** Totals per area. */
  areaUsage: { key: WebArea; value: AreaUsage };
}

export type AppStorageDb = IDBPDatabase<AppStorageSchema>;

/** A write made by a frame that started before the app's data was replaced: dropped, never applied over it. */
export const staleWrite = () =>
  new CodedError(
    'not_available',
    "This app's data on this device was replaced by an import: the write was dropped, the app reloads onto the new data",
  );

/**
 * Aborts `tx` when the app's data generation is not `expected` (`undefined`: the write is not checked),
 * so the check and the write it guards are one transaction.
 */
export async function checkGeneration(
  tx: {
    objectStore(name: 'meta'): { get(key: string): Promise<boolean | number | undefined> };
    abort(): void;
    done: Promise<void>;
  },
  expected: number | undefined,
): Promise<void> {
  if (expected === undefined) return;
  const now = (await tx.objectStore('meta').get('generation')) ?? 0;
  if (now === expected) return;
  tx.abort();
  await tx.done.catch(() => {});
  throw staleWrite();
}

/**
 * The prefix of every app's database, and the name of the one database all apps shared before: each app
 * has its own now, so one app's writes never hold another's reads (a shared one let apps time each other).
 */
export const STORAGE_DB_NAME = 'room-app-storage';
/** 2: `localStorage` and `window.storage` areas added. */
const VERSION = 2;

/** The database of one app instance in one room (the ids are the server's, encoded to stay one segment). */
export const appDbName = (prefix: string, who: FrameIdentity): string =>
  `${prefix}/${encodeURIComponent(who.roomId)}/${encodeURIComponent(who.appId)}`;

/** The app ids of a room among database names made by {@link appDbName}. */
export function appIdsIn(prefix: string, roomId: string, names: readonly string[]): string[] {
  const start = `${prefix}/${encodeURIComponent(roomId)}/`;
  return names.filter((n) => n.startsWith(start)).map((n) => decodeURIComponent(n.slice(start.length)));
}

/** One app's storage database: opened lazily, reopened after the browser or a newer tab closes it. */
export class StorageDb {
  private opening: Promise<AppStorageDb> | undefined;

  constructor(
    readonly name: string,
    private readonly warn: (message: string) => void = console.warn,
  ) {}

  open(): Promise<AppStorageDb> {
    if (this.opening) return this.opening;
    const opening: Promise<AppStorageDb> = openDB<AppStorageSchema>(this.name, VERSION, {
      upgrade(db, oldVersion) {
        if (oldVersion < 1) {
          db.createObjectStore('records', { keyPath: ['roomId', 'instanceId', 'key'] });
          db.createObjectStore('usage', { keyPath: ['roomId', 'instanceId'] });
          db.createObjectStore('meta');
        }
        if (oldVersion < 2) {
          db.createObjectStore('local');
          db.createObjectStore('artifact');
          db.createObjectStore('areaUsage');
        }
      },
      // Another launcher tab still holds an older version: calls wait until it lets go.
      blocked: () => this.warn('App storage waits for another launcher tab to close its older database'),
      // A newer launcher in another tab needs to upgrade: step aside, reopen on the next call.
      blocking: () => {
        this.forget(opening);
        opening.then((db) => db.close());
      },
      // The browser closed the connection (storage cleared, disk error): reopen on the next call.
      terminated: () => this.forget(opening),
    }).catch((err: Error) => {
      this.forget(opening);
      const why =
        err.name === 'VersionError'
          ? 'a newer launcher in another tab upgraded it: reload this page'
          : err.message;
      throw new CodedError('not_available', `App storage cannot open: ${why}`);
    });
    this.opening = opening;
    return opening;
  }

  close(): void {
    const opening = this.opening;
    this.opening = undefined;
    opening?.then((db) => db.close()).catch(() => {});
  }

  private forget(opening: Promise<AppStorageDb>): void {
    if (this.opening === opening) this.opening = undefined;
  }
}
