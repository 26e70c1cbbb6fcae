import type { WebArea } from './storageDb.ts';

/** What one launcher page tells the others on the BroadcastChannel: which key changed, never the data. */
export interface StorageNotice {
  roomId: string;
  appId: string;
  /** `null`: every key (the app's data was cleared). */
  key: string | null;
  /** The namespace the key is in: absent, `@room/sdk`'s; else `localStorage`'s or `window.storage`'s. */
  area?: WebArea;
  /** An import replaced all of the app's data and started this generation: its open frames reload. */
  generation?: number;
}

export function isStorageNotice(x: unknown): x is StorageNotice {
  if (typeof x !== 'object' || x === null) return false;
  const n = x as Record<string, unknown>;
  return (
    typeof n.roomId === 'string' &&
    typeof n.appId === 'string' &&
    (n.key === null || typeof n.key === 'string') &&
    (n.area === undefined || n.area === 'local' || n.area === 'artifact') &&
    (n.generation === undefined || Number.isSafeInteger(n.generation))
  );
}
