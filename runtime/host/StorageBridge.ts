import { CodedError } from '../../validation/errorCodes.ts';
import {
  type FrameToHost,
  type HostToFrame,
  type LocalWrite,
  SDK_MAX_IN_FLIGHT,
  SdkErrorCode,
  type SdkResult,
} from '../protocol.ts';
import { STORAGE_LIMITS } from '../storageLimits.ts';
import { WEB_STORAGE_LIMITS } from '../webStorageLimits.ts';
import type { FrameBridge, FrameIdentity } from './FrameController.ts';
import type { AppData } from './storage/appDataFile.ts';
import { readAppData, readGeneration, readLocalAt, replaceAppData } from './storage/appDataStore.ts';
import { clearApp, readUsage } from './storage/appRecords.ts';
import { LocalSnapshots } from './storage/LocalSnapshots.ts';
import { appKey, migrateShared } from './storage/migrateShared.ts';
import { runArtifactCall } from './storage/runArtifactCall.ts';
import { runSdkCall } from './storage/runSdkCall.ts';
import { isStorageNotice, type StorageNotice } from './storage/StorageNotice.ts';
import { type AppStorageDb, appDbName, appIdsIn, STORAGE_DB_NAME, StorageDb } from './storage/storageDb.ts';
import { clearWebAreas, readArea, readAreaKey, webAreasUsage, writeArea } from './storage/webAreas.ts';

export interface StorageBridgeOptions {
  /** Prefix of each app's IndexedDB database name, and the shared database migrated from (tests use their own). */
  dbName?: string;
  /** Bytes one app may keep on this device (default 10 MB). */
  quotaBytes?: number;
  /** Unanswered calls per app before `too_many_requests` (default {@link SDK_MAX_IN_FLIGHT}). */
  maxInFlight?: number;
  /** BroadcastChannel telling other launcher pages of this browser what changed; `null`: none. */
  channelName?: string | null;
}

type Reply = (message: HostToFrame) => void;
type Answer = SdkResult extends infer R ? (R extends SdkResult ? Omit<R, 'type' | 'id'> : never) : never;
const whoKey = (who: FrameIdentity) => JSON.stringify([who.roomId, who.appId]);

/**
 * The host side of `@room/sdk` storage: answers `sdk-call`s from the app the port belongs to, keeps
 * the data in a database of the app's own in IndexedDB, and tells the app's copies in other tabs what
 * changed (never the data).
 */
export class StorageBridge {
  private readonly prefix: string;
  /** Each app's own database: one app's writes never queue another's reads. */
  private readonly dbs = new Map<string, StorageDb>();
  private migrating: Promise<Map<string, Error>> | undefined;
  private readonly quotaBytes: number;
  private readonly maxInFlight: number;
  private readonly inFlight = new Map<string, number>();
  /** The latest port reply per app: the pool keeps one frame per app in a page. */
  private readonly frames = new Map<string, Reply>();
  /** Per app, the last `localStorage` step: writes land, and snapshots read, in the order they came. */
  private readonly localSteps = new Map<string, Promise<unknown>>();
  private readonly snapshots = new LocalSnapshots();
  /** Per app, `local-write` messages not yet committed (see WEB_STORAGE_LIMITS.pendingWrites). */
  private readonly localPending = new Map<string, number>();
  private readonly listeners = new Set<(notice: StorageNotice) => void>();
  /** Per app, the data generation its frame in this page started on (set with the snapshot it was handed). */
  private readonly generations = new Map<string, Promise<number>>();
  /** Per app, the latest generation this page knows (its imports, other pages' notices, its reads). */
  private readonly latest = new Map<string, number>();
  private channel: BroadcastChannel | undefined;
  /** What `navigator.storage.persist()` answered (false when the browser declined or lacks it). */
  readonly persisted: Promise<boolean>;

  constructor(private readonly opts: StorageBridgeOptions = {}) {
    this.prefix = opts.dbName ?? STORAGE_DB_NAME;
    this.quotaBytes = opts.quotaBytes ?? STORAGE_LIMITS.quotaBytes;
    this.maxInFlight = opts.maxInFlight ?? SDK_MAX_IN_FLIGHT;
    // Ask once that the browser not evict app data under storage pressure.
    this.persisted =
      typeof navigator !== 'undefined' && navigator.storage?.persist
        ? navigator.storage.persist().catch(() => false)
        : Promise.resolve(false);
  }

  /** Starts listening to other launcher pages; pair with {@link stop}. */
  start(): void {
    const name = this.opts.channelName === undefined ? 'room-app-storage' : this.opts.channelName;
    if (this.channel || name === null || typeof BroadcastChannel === 'undefined') return;
    this.channel = new BroadcastChannel(name);
    this.channel.onmessage = (event) => {
      if (isStorageNotice(event.data)) this.deliver(event.data);
    };
  }

  stop(): void {
    this.channel?.close();
    this.channel = undefined;
    for (const db of this.dbs.values()) db.close();
    this.dbs.clear();
  }

  /** The app's database, once the shared one's records have moved out (before any call is served). */
  private async open(who: FrameIdentity): Promise<AppStorageDb> {
    if (!this.migrating) {
      // A failed move is tried again on the next call.
      const migrating: Promise<Map<string, Error>> = migrateShared(
        this.prefix,
        (w) => this.dbOf(w).open(),
        console.warn,
      ).catch((err: Error) => {
        if (this.migrating === migrating) this.migrating = undefined;
        throw new CodedError(
          'not_available',
          `App storage could not move to per-app databases: ${err.message}`,
        );
      });
      this.migrating = migrating;
    }
    const migrating = this.migrating;
    const failed = (await migrating).get(appKey(who));
    if (failed) {
      // Only this app waits for the next try; a rerun moves only what is left in the shared database.
      if (this.migrating === migrating) this.migrating = undefined;
      throw new CodedError(
        'not_available',
        `This app's storage could not move to its own database: ${failed.message}`,
      );
    }
    return this.dbOf(who).open();
  }

  private dbOf(who: FrameIdentity): StorageDb {
    const key = whoKey(who);
    let db = this.dbs.get(key);
    if (!db) {
      db = new StorageDb(appDbName(this.prefix, who));
      this.dbs.set(key, db);
    }
    return db;
  }

  /** The {@link FrameBridge} the frame pool calls with port messages it does not handle. */
  readonly handle: FrameBridge = (who: FrameIdentity, message: FrameToHost, reply: Reply) => {
    const key = whoKey(who);
    if (message.type === 'local-open') this.frames.set(key, reply);
    if (message.type === 'local-write') {
      this.frames.set(key, reply);
      this.writeLocal(who, message, reply);
    }
    if (message.type !== 'sdk-call') return;
    this.frames.set(key, reply);
    const busy = this.inFlight.get(key) ?? 0;
    const answer = (result: Answer) => reply({ type: 'sdk-result', id: message.id, ...result } as SdkResult);
    if (busy >= this.maxInFlight) {
      answer({ ok: false, error: { code: 'too_many_requests', message: 'Too many storage calls at once' } });
      return;
    }
    this.inFlight.set(key, busy + 1);
    // The generation of the frame that sent it: taken now, before a reloaded frame's local-open can replace it.
    const frameGeneration = this.generationOf(who);
    frameGeneration.catch(() => {});
    this.open(who)
      .then(async (db) => {
        const generation = await frameGeneration;
        return message.method.startsWith('artifact.')
          ? runArtifactCall(db, message, generation)
          : runSdkCall(db, who, message, this.quotaBytes, generation);
      })
      .then(
        (outcome) => {
          answer(outcome.value === undefined ? { ok: true } : { ok: true, value: outcome.value });
          const area = message.method.startsWith('artifact.') ? { area: 'artifact' as const } : {};
          if (outcome.changed !== undefined) this.announce({ ...who, key: outcome.changed, ...area }, false);
        },
        (err: unknown) => answer({ ok: false, error: toSdkError(err) }),
      )
      .finally(() => this.inFlight.set(key, (this.inFlight.get(key) ?? 1) - 1));
  };

  /** The app's `localStorage` to hand its frame with its files; `undefined` when it holds nothing. */
  async localSnapshot(who: FrameIdentity): Promise<[string, string][] | undefined> {
    const app = whoKey(who);
    const entries = await this.localStep(who, async (db) => {
      const held = this.snapshots.get(app);
      const known = this.latest.get(app);
      // The frame that gets these entries runs on their generation: read together, never one without the other.
      if (held && known !== undefined) {
        this.generations.set(app, Promise.resolve(known));
        return held;
      }
      const read = await readLocalAt(db);
      this.latest.set(app, read.generation);
      this.generations.set(app, Promise.resolve(read.generation));
      this.snapshots.keep(app, read.entries);
      return read.entries;
    });
    return entries.length > 0 ? entries : undefined;
  }

  /** Runs `step` on the app's database after its earlier `localStorage` steps. */
  private localStep<T>(who: FrameIdentity, step: (db: AppStorageDb) => Promise<T>): Promise<T> {
    const key = whoKey(who);
    const run = (this.localSteps.get(key) ?? Promise.resolve()).then(() => this.open(who)).then(step);
    this.localSteps.set(
      key,
      run.catch(() => {}),
    );
    return run;
  }

  private writeLocal(who: FrameIdentity, message: LocalWrite, reply: Reply): void {
    // The runtime never sends more in one message: a bigger one is the app's own, and costs only it.
    if (message.entries.length > WEB_STORAGE_LIMITS.writeEntries) {
      console.warn(`An app sent ${message.entries.length} localStorage writes in one message: dropped`);
      return;
    }
    const batch = { ...message, quotaUnits: WEB_STORAGE_LIMITS.localQuotaUnits };
    const app = whoKey(who);
    // A backlog only a flood builds: the launcher's memory is not the app's to fill.
    const pending = this.localPending.get(app) ?? 0;
    if (pending >= WEB_STORAGE_LIMITS.pendingWrites) {
      console.warn(`An app has ${pending} localStorage writes waiting for the disk: one more dropped`);
      return;
    }
    this.localPending.set(app, pending + 1);
    const generation = this.generationOf(who);
    generation.catch(() => {});
    const write = async (db: AppStorageDb) => {
      const outcome = await writeArea(db, 'local', { ...batch, generation: await generation });
      this.snapshots.applied(app, message, outcome);
      return outcome;
    };
    const step = this.localStep(who, write);
    step.finally(() => this.localPending.set(app, (this.localPending.get(app) ?? 1) - 1)).catch(() => {});
    step.then(
      async (outcome) => {
        // Past the quota (the frame's own check bypassed, or raced by another tab): it gets the stored value back.
        for (const key of outcome.refused) {
          const value = (await this.localStep(who, (db) => readAreaKey(db, 'local', key))) ?? null;
          reply({ type: 'local-changed', key, value });
        }
        const many = outcome.cleared || outcome.changed.length > 64;
        for (const key of many ? [null] : outcome.changed)
          this.announce({ ...who, key, area: 'local' }, false);
      },
      (err: Error) => console.warn(`An app's localStorage write failed: ${err.message}`),
    );
  }

  private readGeneration(who: FrameIdentity): Promise<number> {
    const read = this.open(who).then(readGeneration);
    read.catch(() => {});
    return read;
  }

  /** The generation the app's frame here started on (one started without a snapshot: the current one). */
  private generationOf(who: FrameIdentity): Promise<number> {
    const key = whoKey(who);
    let generation = this.generations.get(key);
    if (!generation) {
      generation = this.readGeneration(who);
      this.generations.set(key, generation);
    }
    // A failed read is tried again on the next write.
    return generation.catch((err: Error) => {
      if (this.generations.get(key) === generation) this.generations.delete(key);
      throw err;
    });
  }

  /** Everything the app keeps on this device, for **Export data** (read in one transaction). */
  async exportData(who: FrameIdentity): Promise<AppData> {
    return this.localStep(who, (db) => readAppData(db, who));
  }

  /**
   * **Import data**: replaces everything the app keeps here with `data` (checked by the file parser) in one
   * transaction, as a new generation: every open frame of the app in this browser reloads onto it, and
   * writes its older frames still send are dropped.
   */
  async importData(who: FrameIdentity, data: AppData): Promise<void> {
    const generation = await this.localStep(who, async (db) => {
      const next = await replaceAppData(db, who, data);
      this.snapshots.forget(whoKey(who));
      this.latest.set(whoKey(who), next);
      return next;
    });
    this.announce({ ...who, key: null, generation }, false);
  }

  /** Bytes and keys this app keeps on this device, in `@room/sdk`, `localStorage` and `window.storage`. */
  async usage(who: FrameIdentity): Promise<{ bytes: number; keys: number }> {
    const db = await this.open(who);
    const [sdk, web] = await Promise.all([readUsage(db, who), webAreasUsage(db)]);
    return { bytes: sdk.bytes + web.bytes, keys: sdk.keys + web.keys };
  }

  /** "Clear app data": removes every key of the app here; its open frames (this tab and others) re-read. */
  async clear(who: FrameIdentity): Promise<void> {
    await clearApp(await this.open(who), who);
    await this.localStep(who, (db) => clearWebAreas(db).then(() => this.snapshots.keep(whoKey(who), [])));
    this.announce({ ...who, key: null }, true);
    this.announce({ ...who, key: null, area: 'local' }, true);
  }

  /** Drops the data of apps no longer in the room (removed by the owner); returns their ids. */
  async dropOrphans(roomId: string, appIds: readonly string[]): Promise<string[]> {
    // A browser that cannot list its databases keeps the data until "Clear app data".
    if (!indexedDB.databases) return [];
    const names = (await indexedDB.databases()).flatMap((d) => (d.name ? [d.name] : []));
    const listed = new Set(appIds);
    const orphans = appIdsIn(this.prefix, roomId, names).filter((id) => !listed.has(id));
    for (const appId of orphans) {
      const who = { roomId, appId };
      await clearApp(await this.open(who), who);
      await this.localStep(who, clearWebAreas);
      this.snapshots.forget(whoKey(who));
      // Emptied first: a delete waits for other tabs to let go, and the data must be gone now.
      this.dbs.get(whoKey(who))?.close();
      this.dbs.delete(whoKey(who));
      indexedDB.deleteDatabase(appDbName(this.prefix, who));
    }
    return orphans;
  }

  /** Called after any change to an app's data in this browser (e.g. to refresh "bytes used"). */
  subscribe(listener: (notice: StorageNotice) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private announce(notice: StorageNotice, toLocalFrame: boolean): void {
    try {
      this.channel?.postMessage(notice);
    } catch {
      // A closed channel (page leaving): other tabs re-read when they next load.
    }
    if (toLocalFrame) this.toFrame(notice);
    for (const listener of this.listeners) listener(notice);
  }

  /** Another launcher page changed this app's data: its frame here re-reads. */
  private deliver(notice: StorageNotice): void {
    // Another page wrote it: read it again on the next open.
    if (notice.area === 'local' || notice.generation !== undefined) this.snapshots.forget(whoKey(notice));
    if (notice.generation !== undefined) this.latest.delete(whoKey(notice));
    // A new generation reloads the frame (the launcher's listener): nothing is sent to the old one.
    if (notice.generation === undefined) this.toFrame(notice);
    for (const listener of this.listeners) listener(notice);
  }

  /** Tells the app's frame in this page: the SDK re-reads; `localStorage` gets the stored value (a `storage` event). */
  private toFrame(notice: StorageNotice): void {
    const reply = this.frames.get(whoKey(notice));
    if (!reply || notice.area === 'artifact') return;
    if (notice.area === undefined) {
      reply({ type: 'storage-changed', key: notice.key });
      return;
    }
    const who = { roomId: notice.roomId, appId: notice.appId };
    const key = notice.key;
    const sent =
      key === null
        ? this.localStep(who, (db) => readArea(db, 'local')).then((entries) =>
            reply({ type: 'local-reset', entries }),
          )
        : this.localStep(who, (db) => readAreaKey(db, 'local', key)).then((value) =>
            reply({ type: 'local-changed', key, value: value ?? null }),
          );
    sent.catch(() => {});
  }
}

function toSdkError(err: unknown): { code: SdkErrorCode; message: string } {
  if (err instanceof CodedError && Object.hasOwn(SdkErrorCode, err.code)) {
    return { code: err.code as SdkErrorCode, message: err.message };
  }
  // The browser's own disk quota, below ours.
  if (err instanceof DOMException && err.name === 'QuotaExceededError') {
    return { code: 'quota_exceeded', message: 'The browser has no room left for app data on this device' };
  }
  return { code: 'internal', message: err instanceof Error ? err.message : 'Storage failed' };
}
