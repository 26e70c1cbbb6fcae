import type { CodedError } from '../../validation/errorCodes.ts';
import type { JsonValue } from '../protocol.ts';

/** What `useStoredState` renders from for one key. */
export interface StoredSnapshot {
  /** The stored value; `undefined` while loading or when the key holds nothing. */
  value: JsonValue | undefined;
  loading: boolean;
  error: CodedError | undefined;
}

interface Entry {
  snapshot: StoredSnapshot;
  /** Local writes so far: a read that started before the latest write must not undo it. */
  writes: number;
  listeners: Set<() => void>;
}

interface Backend {
  get: (key: string) => Promise<JsonValue | undefined>;
  set: (key: string, value: JsonValue) => Promise<void>;
}

/** One frame's shared view of the keys its hooks show, so every hook on a key agrees. */
export class StoredStateCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly backend: Backend) {}

  snapshot(key: string): StoredSnapshot {
    return this.entry(key).snapshot;
  }

  subscribe(key: string, listener: () => void): () => void {
    const entry = this.entry(key);
    entry.listeners.add(listener);
    if (entry.listeners.size === 1) this.load(key, entry);
    return () => {
      entry.listeners.delete(listener);
      // Nobody shows the key any more: drop it so the next mount reads fresh.
      if (entry.listeners.size === 0 && this.entries.get(key) === entry) this.entries.delete(key);
    };
  }

  /** Shows `value` at once and persists it; on failure shows the error and re-reads the stored value. */
  write(key: string, value: JsonValue): void {
    const entry = this.entry(key);
    entry.writes += 1;
    this.update(entry, { value, loading: false, error: undefined });
    this.backend.set(key, value).catch((error: CodedError) => {
      this.update(entry, { ...entry.snapshot, error });
      this.load(key, entry, true);
    });
  }

  /** Someone else changed `key` (`null`: every key): re-read what is shown. */
  changed(key: string | null): void {
    for (const [k, entry] of this.entries) if (key === null || key === k) this.load(k, entry);
  }

  private entry(key: string): Entry {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = {
        snapshot: { value: undefined, loading: true, error: undefined },
        writes: 0,
        listeners: new Set(),
      };
      this.entries.set(key, entry);
    }
    return entry;
  }

  private load(key: string, entry: Entry, keepError = false): void {
    const writes = entry.writes;
    this.backend.get(key).then(
      (value) => {
        const error = keepError ? entry.snapshot.error : undefined;
        if (entry.writes === writes) this.update(entry, { value, loading: false, error });
      },
      (error: CodedError) => {
        if (entry.writes === writes) this.update(entry, { ...entry.snapshot, loading: false, error });
      },
    );
  }

  private update(entry: Entry, snapshot: StoredSnapshot): void {
    entry.snapshot = snapshot;
    for (const listener of entry.listeners) listener();
  }
}
