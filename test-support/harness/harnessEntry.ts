import { CompiledCache } from '../../runtime/host/CompiledCache.ts';
import { FrameController, type FrameState } from '../../runtime/host/FrameController.ts';
import { FramePool } from '../../runtime/host/FramePool.ts';
import { StorageBridge } from '../../runtime/host/StorageBridge.ts';
import type { FrameError } from '../../runtime/protocol.ts';
import { armFloor, armOpen, armSwitch, primeCompiled } from './benchDriver.ts';

/** What one run of a file map produced. */
export interface HarnessResult {
  state: FrameState['kind'];
  errors: FrameError[];
  /** Run-to-first-paint in ms, when the frame painted. */
  paintMs?: number;
}

const frameUrl = (key: string) => `${location.protocol}//${key}.localhost:${location.port}/`;

/** Runs a file map in a fresh frame on its own origin; settles `settleMs` after its first paint or error. */
function run(
  key: string,
  files: Record<string, string>,
  settleMs = 300,
  timeoutMs = 15_000,
): Promise<HarnessResult> {
  return new Promise((resolve) => {
    const errors: FrameError[] = [];
    let state: FrameState['kind'] = 'loading';
    let paintMs: number | undefined;
    let settling = false;
    const startedAt = performance.now();
    const finish = () => {
      clearTimeout(timeout);
      controller.dispose();
      resolve({ state, errors, paintMs });
    };
    const settle = () => {
      if (settling) return;
      settling = true;
      setTimeout(finish, settleMs);
    };
    const timeout = setTimeout(finish, timeoutMs);
    const controller = new FrameController({
      roomId: 'harness',
      appId: key,
      src: frameUrl(key),
      title: key,
      files,
      onState: (s) => {
        if (s.kind === 'error') errors.push(s.error);
        if (state !== 'error') state = s.kind;
        if (s.kind === 'error' || s.kind === 'stopped') settle();
      },
      onPainted: (at) => {
        paintMs = at - startedAt;
        settle();
      },
    });
    document.getElementById('frames')?.append(controller.iframe);
  });
}

/** A launcher-like pool over posted file maps, for watchdog, state and process tests. */
const files = new Map<string, Record<string, string>>();
const pool = new FramePool({
  roomId: 'harness',
  unresponsiveMs: 3000,
  loadFiles: async (appId) => {
    const found = files.get(appId);
    if (!found) throw new Error(`no files posted for ${appId}`);
    return found;
  },
});
pool.attach(document.getElementById('frames'));
const app = (id: string) => ({ id, name: id, frameUrl: frameUrl(id) });
// The bench's compile cache: the launcher's own class, in the shell origin's IndexedDB like the launcher's.
const compiled = new CompiledCache({ dbName: 'room-bench-compiled' });
// The bench's app storage: the launcher's own bridge, in the shell origin's IndexedDB like the launcher's.
const storage = new StorageBridge({ dbName: 'room-bench-storage', channelName: null });
const benchApp = (appId: string) => ({ roomId: 'bench', appId });

Object.assign(window, {
  roomHarness: {
    run,
    /**
     * `cachedAs`: the app id the compile cache is asked for (a hit once primed; any other id misses);
     * `packages`: the app's bundle path, which only `site` (that app's own frame site, its id) serves.
     */
    arm: (
      key: string,
      appFiles: Record<string, string>,
      warm: boolean,
      cachedAs?: string,
      packages?: string,
      site?: string,
      localOf?: string,
    ) =>
      armOpen({
        local: localOf === undefined ? undefined : () => storage.localSnapshot(benchApp(localOf)),
        packages,
        key,
        files: appFiles,
        warm,
        src: frameUrl(site ?? key),
        lookup: cachedAs === undefined ? undefined : () => compiled.get('bench', cachedAs, appFiles),
        keep: cachedAs === undefined ? undefined : (f, sent) => compiled.put('bench', cachedAs, f, sent),
      }),
    prime: (key: string, cachedAs: string, appFiles: Record<string, string>) =>
      primeCompiled(frameUrl(key), appFiles, (f, sent) => compiled.put('bench', cachedAs, f, sent)),
    /** Stores `entries` as app `appId`'s localStorage; resolves once they are on disk. */
    seedLocal: (appId: string, entries: [string, string][]) => {
      storage.handle(benchApp(appId), { type: 'local-write', clear: true, entries }, () => {});
      return storage.localSnapshot(benchApp(appId)).then((s) => s?.length ?? 0);
    },
    armFloor,
    armSwitch: (from: string, to: string) => armSwitch(pool, from, to),
    post: (id: string, map: Record<string, string>) => files.set(id, map),
    open: (id: string) => pool.open(app(id)),
    warm: (id: string) => pool.warm(app(id)),
    show: (id: string) => pool.show(id),
    state: (id: string) => pool.entry(id)?.state.kind,
    mounted: () => pool.mounted(),
  },
});
