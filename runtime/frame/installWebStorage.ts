import type { HostToFrame } from '../protocol.ts';
import { WEB_STORAGE_LIMITS } from '../webStorageLimits.ts';
import { createArtifactStorage } from './artifactStorage.ts';
import type { HostTransport } from './HostTransport.ts';
import { SdkCaller } from './sdkCall.ts';
import { type AreaChange, createStorage, StorageArea } from './webStorage.ts';

/** Writes are sent at most this often; a flood of `setItem` in one task is one message. */
const FLUSH_EVERY_MS = 10;

/**
 * Installs `localStorage` (the app's on this device, a copy of what the launcher keeps, filled from
 * `snapshot`), `sessionStorage` (this frame's, in memory) and Claude artifacts' `window.storage` as the
 * frame's globals, before any app or package code runs. Writes go to the launcher in order, at most every
 * {@link FLUSH_EVERY_MS} ms and at once when the page is hidden or left; other copies of the app see
 * them as `storage` events.
 */
export function installWebStorage(transport: HostTransport, snapshot: [string, string][] = []): void {
  let cleared = false;
  const pending = new Map<string, string | null>();
  let scheduled = false;
  let lastFlush = Number.NEGATIVE_INFINITY;

  const flush = () => {
    scheduled = false;
    if (!cleared && pending.size === 0) return;
    lastFlush = performance.now();
    const entries = [...pending];
    const size = WEB_STORAGE_LIMITS.writeEntries;
    // In order: the clear goes with the first part.
    for (let i = 0; i === 0 || i < entries.length; i += size)
      transport.post({ type: 'local-write', clear: cleared && i === 0, entries: entries.slice(i, i + size) });
    cleared = false;
    pending.clear();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    const wait = lastFlush + FLUSH_EVERY_MS - performance.now();
    if (wait <= 0) queueMicrotask(flush);
    else setTimeout(flush, wait);
  };
  const record = (change: AreaChange) => {
    if (change.kind === 'clear') {
      // Everything written before a clear is gone with it.
      cleared = true;
      pending.clear();
    } else pending.set(change.key, change.kind === 'set' ? change.value : null);
    schedule();
  };

  const local = new StorageArea(record);
  for (const [key, value] of snapshot) local.receive(key, value);
  const localStorage = createStorage(local);
  const sessionStorage = createStorage(new StorageArea());
  define('localStorage', localStorage);
  define('sessionStorage', sessionStorage);
  define('storage', createArtifactStorage(new SdkCaller(transport)));

  // A reload, a tab closed or switched: what is still queued goes now.
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', flush);

  const fire = (key: string | null, oldValue: string | null, newValue: string | null) => {
    const event = new StorageEvent('storage', { key, oldValue, newValue, url: location.href });
    // The constructor takes only the browser's own Storage objects.
    Object.defineProperty(event, 'storageArea', { value: localStorage });
    window.dispatchEvent(event);
  };
  transport.onMessage((message: HostToFrame) => {
    if (message.type === 'local-changed') {
      // Our own write of the key is still on its way: it is the later one, and wins.
      if (pending.has(message.key) || cleared) return;
      const old = local.receive(message.key, message.value);
      if (old !== message.value) fire(message.key, old, message.value);
    } else if (message.type === 'local-reset') {
      if (cleared) return;
      // Keys with a write of ours on its way keep it: it is the later one.
      const next = new Map(message.entries.filter(([key]) => !pending.has(key)));
      for (const key of pending.keys()) if (local.items.has(key)) next.set(key, local.get(key) as string);
      if (next.size === 0 && local.length > 0) {
        for (const key of [...local.items.keys()]) local.receive(key, null);
        fire(null, null, null);
        return;
      }
      for (const key of [...local.items.keys()])
        if (!next.has(key)) fire(key, local.receive(key, null), null);
      for (const [key, value] of next) {
        const old = local.receive(key, value);
        if (old !== value) fire(key, old, value);
      }
    }
  });
  transport.post({ type: 'local-open' });
}

function define(name: string, value: unknown): void {
  // The opaque-origin frame's own getters throw SecurityError; ours replace them for app and packages alike.
  Object.defineProperty(window, name, { value, configurable: true, enumerable: true, writable: false });
}
