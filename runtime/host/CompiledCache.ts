import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { CompiledModules } from '../protocol.ts';
import { RUNTIME_VERSION } from '../runtimeVersion.ts';
import { acceptCompiled } from './acceptCompiled.ts';

type Key = [roomId: string, appId: string, contentHash: string, version: string];

/** One app's compiled modules, for one content of its files and one runtime version. */
interface Entry {
  roomId: string;
  appId: string;
  contentHash: string;
  version: string;
  modules: Record<string, string>;
  /** Tailwind's CSS for these files, when the app uses Tailwind. */
  css?: string;
  /** SHA-256 over everything above: an entry that no longer matches it is never run. */
  checksum: string;
}

/** The small record LRU eviction reads, so it never loads the modules themselves. */
interface Use {
  roomId: string;
  appId: string;
  contentHash: string;
  version: string;
  bytes: number;
  usedAt: number;
}

interface CompiledSchema extends DBSchema {
  entries: { key: Key; value: Entry };
  uses: { key: Key; value: Use; indexes: { usedAt: number; app: [string, string] } };
}

export const COMPILED_DB_NAME = 'room-compiled';
const KEY_PATH = ['roomId', 'appId', 'contentHash', 'version'];
const DEFAULT_MAX_BYTES = 8 * 2 ** 20;

const hex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
const sha256 = async (text: string) =>
  hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
const sorted = (map: Record<string, string>) =>
  Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** The files' identity: any change to a path or a byte is another content. */
export const contentHashOf = (files: Record<string, string>): Promise<string> =>
  sha256(JSON.stringify(sorted(files)));

const checksumOf = (e: Omit<Entry, 'checksum'>): Promise<string> =>
  sha256(
    JSON.stringify([
      e.roomId,
      e.appId,
      e.contentHash,
      e.version,
      sorted(e.modules),
      // Appended only when present: entries kept before Tailwind keep their checksum.
      ...(e.css === undefined ? [] : [e.css]),
    ]),
  );

export interface CompiledCacheOptions {
  dbName?: string;
  /** Bytes of compiled modules kept in all; the least recently used go first (default 8 MiB). */
  maxBytes?: number;
  /** The runtime version entries must name (tests only; default this build's). */
  version?: string;
}

/**
 * Compile once per device: an app's compiled modules in the shell origin's IndexedDB (a frame has none),
 * keyed by room, app, content hash and runtime version, so an entry only ever goes back to the app whose
 * frame produced it. Every failure reads as a miss: the frame then compiles, as without a cache.
 */
export class CompiledCache {
  private opening: Promise<IDBPDatabase<CompiledSchema>> | undefined;
  private readonly maxBytes: number;
  private readonly version: string;
  private clock = 0;

  constructor(private readonly opts: CompiledCacheOptions = {}) {
    this.maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
    this.version = opts.version ?? RUNTIME_VERSION;
  }

  /** The app's modules for exactly these files, checked; undefined (and the entry dropped) otherwise. */
  async get(
    roomId: string,
    appId: string,
    files: Record<string, string>,
  ): Promise<CompiledModules | undefined> {
    if (!globalThis.crypto?.subtle) return undefined;
    try {
      const key: Key = [roomId, appId, await contentHashOf(files), this.version];
      const db = await this.open();
      const entry = await db.get('entries', key);
      if (!entry) return undefined;
      const { checksum, ...rest } = entry;
      const intact =
        entry.roomId === roomId &&
        entry.appId === appId &&
        entry.contentHash === key[2] &&
        entry.version === this.version &&
        (await checksumOf(rest)) === checksum;
      if (!intact) {
        await this.remove(db, key);
        return undefined;
      }
      this.touch(db, key);
      return {
        version: entry.version,
        modules: entry.modules,
        ...(entry.css === undefined ? {} : { css: entry.css }),
      };
    } catch {
      return undefined;
    }
  }

  /**
   * Keeps what the app's frame compiled from `files`, if it passes {@link acceptCompiled}; replaces the
   * app's older entries and evicts the least recently used beyond the byte bound. True if kept.
   */
  async put(
    roomId: string,
    appId: string,
    files: Record<string, string>,
    sent: CompiledModules,
  ): Promise<boolean> {
    if (!globalThis.crypto?.subtle) return false;
    const accepted = acceptCompiled(files, sent, this.maxBytes, this.version);
    if (!accepted) return false;
    try {
      const base = { roomId, appId, contentHash: await contentHashOf(files), version: this.version };
      const entry: Entry = {
        ...base,
        modules: accepted.modules,
        ...(accepted.css === undefined ? {} : { css: accepted.css }),
        checksum: '',
      };
      entry.checksum = await checksumOf(entry);
      const db = await this.open();
      const tx = db.transaction(['entries', 'uses'], 'readwrite');
      const uses = tx.objectStore('uses');
      // The app's other entries (older files, another runtime) are never asked for again.
      for (const old of await uses.index('app').getAllKeys([roomId, appId])) {
        await uses.delete(old);
        await tx.objectStore('entries').delete(old);
      }
      await tx.objectStore('entries').put(entry);
      await uses.put({ ...base, bytes: accepted.bytes, usedAt: this.tick() });
      let total = (await uses.getAll()).reduce((n, u) => n + u.bytes, 0);
      let cursor = await uses.index('usedAt').openCursor();
      while (cursor && total > this.maxBytes) {
        total -= cursor.value.bytes;
        await tx.objectStore('entries').delete(cursor.primaryKey);
        await cursor.delete();
        cursor = await cursor.continue();
      }
      await tx.done;
      return true;
    } catch {
      return false;
    }
  }

  close(): void {
    const opening = this.opening;
    this.opening = undefined;
    opening?.then((db) => db.close()).catch(() => {});
  }

  private open(): Promise<IDBPDatabase<CompiledSchema>> {
    this.opening ??= openDB<CompiledSchema>(this.opts.dbName ?? COMPILED_DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore('entries', { keyPath: KEY_PATH });
        const uses = db.createObjectStore('uses', { keyPath: KEY_PATH });
        uses.createIndex('usedAt', 'usedAt');
        uses.createIndex('app', ['roomId', 'appId']);
      },
      // A newer launcher in another tab upgrades: step aside, reopen on the next call.
      blocking: () => this.close(),
      terminated: () => {
        this.opening = undefined;
      },
    });
    this.opening.catch(() => (this.opening = undefined));
    return this.opening;
  }

  private async remove(db: IDBPDatabase<CompiledSchema>, key: Key): Promise<void> {
    const tx = db.transaction(['entries', 'uses'], 'readwrite');
    await Promise.all([tx.objectStore('entries').delete(key), tx.objectStore('uses').delete(key), tx.done]);
  }

  /** Marks an entry used; off the open's path, since nothing waits for it. */
  private touch(db: IDBPDatabase<CompiledSchema>, key: Key): void {
    const tx = db.transaction('uses', 'readwrite');
    tx.store
      .get(key)
      .then((use) => (use ? tx.store.put({ ...use, usedAt: this.tick() }) : undefined))
      .catch(() => {});
    tx.done.catch(() => {});
  }

  private tick(): number {
    this.clock = Math.max(Date.now(), this.clock + 1);
    return this.clock;
  }
}
