import { useSyncExternalStore } from 'react';
import { type SaveData, saveBytes } from '../files/saveLimits.ts';
import type { JsonValue } from '../protocol.ts';
import { encodeValue } from '../storageLimits.ts';
import type { Theme } from '../theme/tokens.ts';
import { frameTheme, onFrameTheme } from './frameTheme.ts';
import type { HostTransport } from './HostTransport.ts';
import { portTransport } from './hostPort.ts';
import { StoredStateCache } from './StoredStateCache.ts';
import { SdkCaller } from './sdkCall.ts';
import { useStoredStateIn } from './useStoredState.ts';

/**
 * `@room/sdk` as apps import it: `import { storage, useStoredState } from '@room/sdk'`.
 * Data belongs to this app in this room, on this device only; the launcher keeps it in IndexedDB.
 * Every failure rejects with an Error whose `code` is a protocol code: those listed per method, and
 * `too_many_requests` (over 64 calls unanswered) or `not_available` (storage cannot open) for any.
 */
export function createSdk(transport: HostTransport = portTransport) {
  const caller = new SdkCaller(transport);
  const get = async (key: string) => caller.call('storage.get', { key });
  const set = async (key: string, value: JsonValue) => {
    // The host checks again; refusing here spares the launcher deserializing a value it would refuse.
    encodeValue(value);
    await caller.call('storage.set', { key, value });
  };
  const cache = new StoredStateCache({ get, set });
  // Another tab of this app, or "Clear app data", changed a key: hooks re-read it.
  transport.onMessage((message) => {
    if (message.type === 'storage-changed') cache.changed(message.key);
  });

  const storage = {
    /**
     * Reads a key. Resolves to the stored JSON value, or `undefined` when the key holds nothing.
     * Rejects with `invalid_key` (not a string of 1-512 characters).
     */
    get: (key: string): Promise<JsonValue | undefined> => get(key),
    /**
     * Stores a JSON-compatible value (null, booleans, finite numbers, strings, arrays, plain objects);
     * resolves once it is committed to disk. Last write wins. Rejects with `invalid_key`,
     * `invalid_value` (not JSON-compatible), `too_large` (over 1 MB as JSON) or `quota_exceeded`
     * (this app would hold over 10 MB on this device).
     */
    set: async (key: string, value: JsonValue): Promise<void> => {
      await set(key, value);
      cache.changed(key);
    },
    /** Removes a key (nothing happens if it holds nothing); resolves once committed. */
    delete: async (key: string): Promise<void> => {
      await caller.call('storage.delete', { key });
      cache.changed(key);
    },
    /** Resolves to every key this app holds on this device, sorted. */
    keys: async (): Promise<string[]> => (await caller.call('storage.keys', {})) as string[],
    /** Removes every key of this app on this device; resolves once committed. */
    clear: async (): Promise<void> => {
      await caller.call('storage.clear', {});
      cache.changed(null);
    },
  };

  const files = {
    /**
     * Asks the person to save a file the app made (text is saved as UTF-8; bytes as they are; at most
     * 5 MB). Call it from the person's click or key press in the app (an `onClick` handler): without one
     * just before, it is refused. Resolves once the download started; rejects with `save_refused` (the
     * person said no, the app is not on screen, or no gesture came first), `too_large`, `too_many_requests`
     * (a prompt is already open, or over 6 a minute) or `invalid_name` (the name or type is not one an app
     * may save: csv, txt, json, png…).
     */
    save: async (name: string, data: SaveData, type?: string): Promise<void> => {
      const bytes = saveBytes(data);
      await caller.call(
        'files.save',
        type === undefined ? { name, data: bytes } : { name, data: bytes, type },
      );
    },
  };

  return {
    storage,
    files,
    /**
     * The launcher's theme: `const { theme, tokens } = useTheme()`, `theme` is `'light'` or `'dark'`,
     * `tokens` the values also set on `<html>` as `--room-<name>` CSS variables (`--room-bg`,
     * `--room-text`, `--room-accent`, `--room-font-size-md`, `--room-space-2`, `--room-radius`…).
     * Re-renders when the person switches.
     */
    useTheme: (): Theme => useSyncExternalStore(onFrameTheme, frameTheme),
    /**
     * React state kept in `storage` under `key`: `const [value, setValue, { loading, error }] =
     * useStoredState('team', ['Ada'])`. While the stored value is read, `value` is `initial` and
     * `loading` is true; then it is the stored value (`initial` if the key holds nothing).
     * `setValue(next | (previous) => next)` shows the value at once and persists it (last write wins);
     * if persisting fails, `error` carries the code and `value` returns to what is stored. The value
     * follows writes to the same key by other copies of this app (another tab, "Clear app data").
     */
    useStoredState: <T extends JsonValue>(key: string, initial: T) => useStoredStateIn(cache, key, initial),
  };
}
