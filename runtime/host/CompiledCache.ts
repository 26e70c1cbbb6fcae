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
  /** Each module's source, as its SHA-256: after an update, the files it left unchanged keep their module. */
  sources?: Record<string, string>;
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

/** Each path's source as its SHA-256. */
const sourceHashes = async (modules: Record<string, string>, files: Record<string, string>) =>
  Object.fromEntries(
    await Promise.all(
      Object.keys(modules).map(async (path) => [path, await sha256(files[path] ?? '')] as const),
    ),
  );

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
      // Appended only when present: entries kept before Tailwind (or per-file sources) keep their checksum.
      ...(e.css === undefined ? [] : [e.css]),
      ...(e.sources === undefined ? [] : [sorted(e.sources)]),
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

  /**
   * The app's modules for exactly these files, checked; else, after an update, the modules of the files
   * it left unchanged (same path, same source) from the app's entry for its previous files, so its frame
   * compiles only what changed; undefined when there are none (a bad entry is dropped).
   */
  async get(
    roomId: string,
    appId: string,
    files: Record<string, string>,
  ): Promise<CompiledModules | undefined> {
    if (!globalThis.crypto?.subtle) return undefined;
    try {
      const key: Key = [roomId, appId, await contentHashOf(files), this.version];
      const db = await this.open();
      const exact = await this.intact(db, key);
      if (exact) {
        this.touch(db, key);
        return {
          version: exact.version,
          modules: exact.modules,
          ...(exact.css === undefined ? {} : { css: exact.css }),
        };
      }
      return await this.unchanged(db, roomId, appId, files);
    } catch {
      return undefined;
    }
  }

  /** The entry under `key` if it is whole (its checksum and key agree); a bad one is dropped. */
  private async intact(db: IDBPDatabase<CompiledSchema>, key: Key): Promise<Entry | undefined> {
    const entry = await db.get('entries', key);
    if (!entry) return undefined;
    const { checksum, ...rest } = entry;
    const whole =
      entry.roomId === key[0] &&
      entry.appId === key[1] &&
      entry.contentHash === key[2] &&
      entry.version === this.version &&
      (await checksumOf(rest)) === checksum;
    if (whole) return entry;
    await this.remove(db, key);
    return undefined;
  }

  /** From the app's other entry of this runtime (a put keeps one per app): modules whose source is unchanged. */
  private async unchanged(
    db: IDBPDatabase<CompiledSchema>,
    roomId: string,
    appId: string,
    files: Record<string, string>,
  ): Promise<CompiledModules | undefined> {
    const keys = await db.getAllKeysFromIndex('uses', 'app', [roomId, appId]);
    const key = keys.find((k) => k[3] === this.version);
    const entry = key && (await this.intact(db, key));
    if (!entry?.sources) return undefined;
    const modules: Record<string, string> = {};
    for (const [path, hash] of Object.entries(entry.sources)) {
      const source = Object.hasOwn(files, path) ? files[path] : undefined;
      const body = entry.modules[path];
      if (source !== undefined && body !== undefined && (await sha256(source)) === hash) modules[path] = body;
    }
    // Tailwind's CSS depends on every file: it is built again.
    return Object.keys(modules).length > 0 ? { version: this.version, modules } : undefined;
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
        sources: await sourceHashes(accepted.modules, files),
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
