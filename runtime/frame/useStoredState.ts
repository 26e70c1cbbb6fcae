import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { CodedError } from '../../validation/errorCodes.ts';
import type { JsonValue } from '../protocol.ts';
import type { StoredStateCache } from './StoredStateCache.ts';

/** The third element of `useStoredState`'s tuple. */
export interface StoredStateStatus {
  /** True until the stored value has been read (the value shown meanwhile is `initial`). */
  loading: boolean;
  /** The last failed read or write (its `code` is a protocol code such as `quota_exceeded`). */
  error: CodedError | undefined;
}

export type StoredStateHook<T extends JsonValue> = (
  key: string,
  initial: T,
) => [T, (next: T | ((previous: T) => T)) => void, StoredStateStatus];

/** `useStoredState` over one frame's cache (see `createSdk` for the contract). */
export function useStoredStateIn<T extends JsonValue>(
  cache: StoredStateCache,
  key: string,
  initial: T,
): ReturnType<StoredStateHook<T>> {
  const snapshot = useSyncExternalStore(
    useCallback((listener: () => void) => cache.subscribe(key, listener), [cache, key]),
    () => cache.snapshot(key),
  );
  const value = snapshot.value === undefined ? initial : (snapshot.value as T);
  // A new `initial` literal each render must not give a new setter: read the latest through a ref.
  const initialRef = useRef(initial);
  initialRef.current = initial;
  const setValue = useCallback(
    (next: T | ((previous: T) => T)) => {
      const current = cache.snapshot(key).value;
      const previous = current === undefined ? initialRef.current : (current as T);
      cache.write(key, typeof next === 'function' ? next(previous) : next);
    },
    [cache, key],
  );
  return [value, setValue, { loading: snapshot.loading, error: snapshot.error }];
}
