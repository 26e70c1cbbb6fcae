/** Limits of the web platform's storage in an app frame, per app instance on one device. */
export const WEB_STORAGE_LIMITS = {
  /**
   * `localStorage` (and each frame's `sessionStorage`): 5 MiB counted as browsers count it, in UTF-16 code
   * units of keys plus values; apart from `@room/sdk`'s 10 MB.
   */
  localQuotaUnits: 5 * 1024 * 1024,
  /** One `window.storage` value (Claude artifacts' limit), in UTF-16 code units. */
  artifactValueUnits: 5 * 1024 * 1024,
  /** Everything one app keeps in `window.storage`: UTF-16 code units of its keys plus values. */
  artifactQuotaUnits: 10 * 1024 * 1024,
  /** `window.storage` keys: 1-512 characters, as `@room/sdk`'s. */
  artifactKeyLength: 512,
  /** Keys one `local-write` message may carry: the frame splits bigger flushes, the launcher drops bigger messages. */
  writeEntries: 4096,
  /**
   * `local-write` messages of one app the launcher holds unwritten; past it more are dropped. The runtime
   * sends at most 100 a second and the disk keeps up: only an app posting on its own port gets here.
   */
  pendingWrites: 256,
} as const;

/** The Sandpack frame's snapshot is left under `Symbol.for(this)` by a file evaluated first; its SDK takes it away. */
export const LOCAL_SNAPSHOT_GLOBAL = 'room.localSnapshot';

/** What a key and its value count against a quota, in UTF-16 code units (as browsers count `localStorage`). */
export const entryUnits = (key: string, value: string): number => key.length + value.length;
