import type { CompiledModules } from '../protocol.ts';
import { coversCode } from './acceptCompiled.ts';
import { type FrameBridge, FrameController, type FrameState } from './FrameController.ts';
import { openToEvict, type SlotUse, warmToDrop } from './poolEvictions.ts';

/** What the pool needs to know about an app. */
export interface PoolApp {
  id: string;
  name: string;
  /** The frame document on the app's own origin. */
  frameUrl: string;
  /** The app's package bundle path on that origin (`/deps/<hash>.js`), on the pre-bundled path. */
  packagesPath?: string;
}

/** One app's frame as the shell renders it. */
export interface PoolEntry {
  state: FrameState | { kind: 'fetch-error'; message: string };
  /** Open-to-first-paint of the latest open, in ms. */
  paintMs?: number;
  /** A newer approved version than the one running: the shown frame keeps running until reloaded. */
  readyVersion?: number;
  /** The app opened too many dialogs: they are answered without asking, and the launcher offers **Close app**. */
  dialogsCut?: boolean;
}

/** The compile cache as the pool uses it (CompiledCache). */
export interface CompiledStore {
  get(roomId: string, appId: string, files: Record<string, string>): Promise<CompiledModules | undefined>;
  put(roomId: string, appId: string, files: Record<string, string>, sent: CompiledModules): Promise<boolean>;
}

/** The files the cache holds no module for (an update's changed ones; all of them on a miss). */
const uncompiled = (files: Record<string, string>, compiled: CompiledModules | undefined) =>
  Object.fromEntries(
    Object.entries(files).filter(([path]) => !compiled || !Object.hasOwn(compiled.modules, path)),
  );

/** What an open hands the frame: the approved files and, on a cache hit, their compiled modules. */
interface Prepared {
  files: Record<string, string>;
  compiled?: CompiledModules;
}

export interface FramePoolOptions {
  roomId: string;
  /** Fetches an app's approved files (frames never fetch). */
  loadFiles: (appId: string) => Promise<Record<string, string>>;
  /** Open apps kept mounted, least recently used evicted first (default 6). */
  maxOpen?: number;
  /** Warm frames waiting for files; each is a renderer process of ~19 MB (default 2). */
  maxWarm?: number;
  bridge?: FrameBridge;
  unresponsiveMs?: number;
  /** Compile once per device: modules a frame compiled, handed to the app's later frames. */
  compiled?: CompiledStore;
  /** The app's `localStorage` as stored now, handed over with its files (`undefined`: it holds nothing). */
  localSnapshot?: (appId: string) => Promise<[string, string][] | undefined>;
}

interface Slot {
  app: PoolApp;
  controller?: FrameController;
  entry: PoolEntry;
  usedAt: number;
  files?: Promise<Prepared>;
}

/**
 * The launcher's frames: warm ones (runtime loaded, waiting for files) and open ones (kept mounted,
 * LRU-bounded, so switching tabs keeps state). Iframes are appended to one container once and only
 * shown or hidden afterwards: moving an iframe in the DOM reloads it.
 */
export class FramePool {
  private readonly slots = new Map<string, Slot>();
  private readonly reloads = new Map<string, number>();
  private readonly listeners = new Set<() => void>();
  private container: HTMLElement | undefined;
  private shown: string | undefined;
  private clock = 0;
  version = 0;

  constructor(private readonly opts: FramePoolOptions) {}

  attach(container: HTMLElement | null): void {
    this.container = container ?? undefined;
    if (!this.container) return;
    for (const slot of this.slots.values()) {
      // A disposed frame (stopped by the watchdog) stays out: appending it again would reload it.
      if (slot.controller && !slot.controller.disposed && !slot.controller.iframe.isConnected)
        this.container.append(slot.controller.iframe);
    }
  }

  /** Starts a frame for an app the member is likely to open (pointer, focus, idle); bounded. */
  warm(app: PoolApp): void {
    const kept = this.slots.get(app.id);
    if (kept && kept.app.frameUrl !== app.frameUrl) this.regrant(kept, app);
    if (this.slots.has(app.id)) return;
    for (const id of warmToDrop(this.uses(), this.opts.maxWarm ?? 2)) this.drop(id);
    const slot = this.slotFor(app);
    slot.files ??= this.prepare(app.id);
    // Opens the app's database now: the read on open is then one short transaction.
    this.snapshot(app.id);
    slot.files.then(
      // Not all cached: the frame loads the compiler and compiles what is missing now, not after the click.
      (prepared) =>
        coversCode(prepared.files, prepared.compiled) ||
        slot.controller?.warmCompiler(uncompiled(prepared.files, prepared.compiled)),
      // A failed prefetch is retried on open.
      () => (slot.files = undefined),
    );
  }

  /** Opens (or re-shows) an app: hands its files to a warm frame, or starts a cold one. */
  open(app: PoolApp, startedAt = performance.now()): void {
    const kept = this.slots.get(app.id);
    if (kept && kept.app.frameUrl !== app.frameUrl) this.regrant(kept, app);
    const slot = this.slotFor(app);
    slot.usedAt = ++this.clock;
    this.show(app.id);
    this.evictOpen();
    if (slot.controller?.started) return;
    this.run(slot, startedAt);
  }

  /**
   * An app's approved code changed (version `version`): a warm frame forgets the files it prefetched, a
   * frame mounted in the background remounts on the new code, and the shown one keeps running with
   * `readyVersion` set until "Reload" (or until it is left for another tab, then it remounts). A new
   * network grant (another frame URL) discards every frame of the app at once, the shown one too.
   */
  updated(app: PoolApp, version: number): void {
    const slot = this.slots.get(app.id);
    if (!slot) return;
    // Another network grant: the CSP came with the frame document, so no frame of the old one stays.
    if (slot.app.frameUrl !== app.frameUrl) {
      this.regrant(slot, app);
      return;
    }
    slot.files = undefined;
    // The new version may bring its own package bundle: whichever remount comes next uses it.
    slot.app = app;
    if (!slot.controller?.started) return;
    if (app.id === this.shown) this.update(slot, { readyVersion: version });
    else this.remount(slot, app);
  }

  /** The launcher re-read the app (a reconnect may have missed its events): another grant replaces its frames. */
  refresh(app: PoolApp): void {
    const slot = this.slots.get(app.id);
    if (slot?.controller && slot.app.frameUrl !== app.frameUrl) this.regrant(slot, app);
  }

  /**
   * Counts an app that runs in a frame of its own elsewhere (a Sandpack panel) in the open apps' LRU
   * bound, with no frame here: a warm one started for it is dropped. Evicting it unmounts that panel.
   */
  hold(app: PoolApp): void {
    if (this.slots.get(app.id)?.controller) this.drop(app.id);
    let slot = this.slots.get(app.id);
    if (!slot) {
      slot = { app, entry: { state: { kind: 'running' } }, usedAt: 0 };
      this.slots.set(app.id, slot);
    }
    slot.usedAt = ++this.clock;
    this.show(app.id);
    this.evictOpen();
    this.changed();
  }

  /** Replaces an app's frame with a fresh one and runs it again ("Reload app", "Restart"). */
  restart(app: PoolApp): void {
    // The same files, looked up again: what the last frame compiled is in the cache now.
    const files = this.slots.get(app.id)?.files?.then((p) => this.lookup(app.id, p.files));
    this.drop(app.id);
    const slot = this.slotFor(app, files);
    slot.usedAt = ++this.clock;
    this.open(app);
  }

  /** The app's data was replaced (an import): its running frame, shown or not, starts again on it. */
  reload(appId: string): void {
    this.reloads.set(appId, this.reloadsOf(appId) + 1);
    const slot = this.slots.get(appId);
    if (slot?.controller?.started) this.remount(slot, slot.app);
    this.changed();
  }

  /** How many times {@link reload} ran for the app: a frame of its own elsewhere (Sandpack) remounts on it. */
  reloadsOf(appId: string): number {
    return this.reloads.get(appId) ?? 0;
  }

  /** The person closes a running app ("Close app"): its frame goes, its tab shows "Restart". */
  close(appId: string): void {
    const slot = this.slots.get(appId);
    if (!slot?.controller) return;
    slot.controller.dispose();
    this.update(slot, { state: { kind: 'stopped', reason: 'closed' }, dialogsCut: false });
  }

  /** Unmounts an app that left the launcher (removed, or no longer listed). */
  drop(appId: string): void {
    const slot = this.slots.get(appId);
    if (!slot) return;
    slot.controller?.dispose();
    this.slots.delete(appId);
    this.changed();
  }

  show(appId: string | undefined): void {
    const left = this.shown !== appId && this.shown ? this.slots.get(this.shown) : undefined;
    this.shown = appId;
    for (const [id, slot] of this.slots) if (slot.controller) slot.controller.iframe.hidden = id !== appId;
    // Left with a newer version ready: it remounts on it in the background, as every background frame does.
    if (left?.entry.readyVersion !== undefined) this.remount(left, left.app);
  }

  /** Drops a frame whose document's grant is gone; an open one (shown or not) remounts at once on the new one. */
  private regrant(slot: Slot, app: PoolApp): void {
    // A frame the person closed stays closed; "Restart" starts it on the new grant.
    if (slot.controller?.disposed && slot.controller.started) {
      slot.app = app;
      slot.files = undefined;
    } else if (slot.controller?.started) this.remount(slot, app);
    else this.drop(app.id);
  }

  /** A fresh frame for a background app, on its current files, keeping its place in the LRU order. */
  private remount(old: Slot, app: PoolApp): void {
    const usedAt = old.usedAt;
    this.drop(app.id);
    const slot = this.slotFor(app);
    slot.usedAt = usedAt;
    this.run(slot, performance.now());
  }

  /** Hands the slot's files (fetched if need be) to its frame. */
  private run(slot: Slot, startedAt: number): void {
    const app = slot.app;
    slot.files ??= this.prepare(app.id);
    // Read now, not at warm time: another tab may have written since.
    const local = this.snapshot(app.id);
    Promise.all([slot.files, local]).then(
      ([{ files, compiled }, entries]) => {
        if (this.slots.get(app.id) !== slot) return;
        if (!slot.controller) this.startController(slot);
        this.paintFrom(slot, startedAt);
        slot.controller?.run(files, compiled, app.packagesPath, entries);
      },
      (err: Error) => {
        slot.files = undefined;
        this.update(slot, { state: { kind: 'fetch-error', message: err.message } });
      },
    );
  }

  entry(appId: string): PoolEntry | undefined {
    return this.slots.get(appId)?.entry;
  }

  /** Apps with a live frame (open or warm), for tests and diagnostics. */
  mounted(): string[] {
    return [...this.slots.keys()];
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  dispose(): void {
    for (const id of [...this.slots.keys()]) this.drop(id);
  }

  /** The app's `localStorage` as stored now, for a frame of its own elsewhere (a Sandpack panel). */
  readonly localSnapshot = (appId: string) => this.snapshot(appId);

  /** The app's `localStorage`; storage that cannot open runs the app with none (its writes report the error). */
  private snapshot(appId: string): Promise<[string, string][] | undefined> {
    return this.opts.localSnapshot?.(appId).catch(() => undefined) ?? Promise.resolve(undefined);
  }

  /** The app's files, then what the compile cache holds for them (a cache failure is a miss). */
  private async prepare(appId: string): Promise<Prepared> {
    return this.lookup(appId, await this.opts.loadFiles(appId));
  }

  private async lookup(appId: string, files: Record<string, string>): Promise<Prepared> {
    const compiled = await this.opts.compiled?.get(this.opts.roomId, appId, files).catch(() => undefined);
    return { files, compiled };
  }

  private slotFor(app: PoolApp, files?: Promise<Prepared>): Slot {
    let slot = this.slots.get(app.id);
    if (!slot) {
      slot = { app, entry: { state: { kind: 'warm' } }, usedAt: 0, files };
      this.slots.set(app.id, slot);
      this.startController(slot);
    }
    return slot;
  }

  private startController(slot: Slot): void {
    const controller = new FrameController({
      roomId: this.opts.roomId,
      appId: slot.app.id,
      src: slot.app.frameUrl,
      title: slot.app.name,
      packages: slot.app.packagesPath,
      bridge: this.opts.bridge,
      unresponsiveMs: this.opts.unresponsiveMs,
      onState: (state) => this.update(slot, { state }),
      onDialogsCut: () => this.update(slot, { dialogsCut: true }),
      onCompiled: (files, sent) => {
        this.opts.compiled?.put(this.opts.roomId, slot.app.id, files, sent).catch(() => {});
      },
    });
    slot.controller = controller;
    controller.iframe.hidden = slot.app.id !== this.shown;
    this.container?.append(controller.iframe);
  }

  private paintFrom(slot: Slot, startedAt: number): void {
    const controller = slot.controller;
    if (!controller) return;
    controller.onPainted = (at) => {
      performance.measure(`room-open:${slot.app.id}`, { start: startedAt, end: at });
      this.update(slot, { paintMs: at - startedAt });
    };
  }

  private evictOpen(): void {
    for (const id of openToEvict(this.uses(), this.opts.maxOpen ?? 6)) this.drop(id);
  }

  /** Every slot in creation order, as the pool's limits see it. */
  private uses(): SlotUse[] {
    return [...this.slots.values()].map((s) => ({ id: s.app.id, usedAt: s.usedAt }));
  }

  private update(slot: Slot, patch: Partial<PoolEntry>): void {
    if (this.slots.get(slot.app.id) !== slot) return;
    slot.entry = { ...slot.entry, ...patch };
    this.changed();
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
