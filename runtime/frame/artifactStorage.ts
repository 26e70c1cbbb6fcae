import { CodedError } from '../../validation/errorCodes.ts';
import { WEB_STORAGE_LIMITS } from '../webStorageLimits.ts';
import type { SdkCaller } from './sdkCall.ts';

const SHARED_REFUSED =
  "window.storage keeps personal data only: shared storage is not available, since Room app data stays on each person's device";

/** `shared` as artifacts pass it: the last argument `true`, or `{shared: true}`. */
const wantsShared = (arg: unknown): boolean =>
  arg === true || (typeof arg === 'object' && arg !== null && (arg as { shared?: unknown }).shared === true);

const refuse = (message: string, code: 'invalid_value' | 'not_available' = 'invalid_value') =>
  Promise.reject(new CodedError(code, message));

/**
 * Claude artifacts' `window.storage`, personal scope: `get`, `set`, `delete`, `list` over the launcher,
 * kept in the app's own store on this device beside its `@room/sdk` values and `localStorage`.
 */
export function createArtifactStorage(caller: SdkCaller) {
  return Object.freeze({
    /** Resolves `{key, value, shared: false}`, or `null` when the key holds nothing. */
    async get(key: string, shared?: unknown) {
      if (wantsShared(shared)) return refuse(SHARED_REFUSED, 'not_available');
      const value = await caller.call('artifact.get', { key });
      return typeof value === 'string' ? { key, value, shared: false } : null;
    },
    /** Stores a string (5 MB at most); resolves `{key, value, shared: false}` once it is on disk. */
    async set(key: string, value: string, shared?: unknown) {
      if (wantsShared(shared)) return refuse(SHARED_REFUSED, 'not_available');
      if (typeof value !== 'string') {
        return refuse(
          `window.storage.set takes a string value, not ${value === null ? 'null' : typeof value}: store JSON.stringify(value)`,
        );
      }
      if (value.length > WEB_STORAGE_LIMITS.artifactValueUnits)
        return Promise.reject(new CodedError('too_large', 'A window.storage value may be at most 5 MB'));
      await caller.call('artifact.set', { key, value });
      return { key, value, shared: false };
    },
    /** Resolves `{key, deleted, shared: false}`; `deleted` is false when the key held nothing. */
    async delete(key: string, shared?: unknown) {
      if (wantsShared(shared)) return refuse(SHARED_REFUSED, 'not_available');
      const deleted = await caller.call('artifact.delete', { key });
      return { key, deleted: deleted === true, shared: false };
    },
    /** Resolves `{keys, prefix, shared: false}`: the keys starting with `prefix` (every key without one), sorted. */
    async list(prefix?: string, shared?: unknown) {
      if (wantsShared(shared) || wantsShared(prefix)) return refuse(SHARED_REFUSED, 'not_available');
      const p = typeof prefix === 'string' ? prefix : '';
      const keys = await caller.call('artifact.list', { prefix: p });
      return { keys: Array.isArray(keys) ? keys : [], prefix: p, shared: false };
    },
  });
}
