import { CodedError } from '../../validation/errorCodes.ts';

export const SAVE_LIMITS = {
  /** Largest file an app may hand the person: 5 MB. */
  maxBytes: 5 * 1024 * 1024,
  /** Save requests one app may make a minute (asked or not); more answer `too_many_requests`. */
  perMinute: 6,
  /** A prompt nobody answers is refused after this long (`save_refused`): nothing waits forever. */
  promptTimeoutMs: 120_000,
} as const;

/** What `files.save` accepts as data: text (saved as UTF-8) or bytes. */
export type SaveData = string | Uint8Array | ArrayBuffer | ArrayBufferView;

/** The data as bytes, refused `too_large` over the limit and `invalid_value` when it is neither text nor bytes. */
export function saveBytes(data: unknown): Uint8Array {
  let bytes: Uint8Array;
  if (typeof data === 'string') bytes = new TextEncoder().encode(data);
  else if (data instanceof Uint8Array) bytes = data;
  else if (data instanceof ArrayBuffer) bytes = new Uint8Array(data);
  else if (ArrayBuffer.isView(data)) bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  else throw new CodedError('invalid_value', 'files.save takes text or bytes (Uint8Array, ArrayBuffer)');
  if (bytes.byteLength > SAVE_LIMITS.maxBytes)
    throw new CodedError('too_large', `The file is over ${SAVE_LIMITS.maxBytes / 1024 / 1024} MB`);
  return bytes;
}
