import { CodedError } from '../validation/errorCodes.ts';

/** Limits of `@room/sdk` storage, per app instance on one device. */
export const STORAGE_LIMITS = {
  /** Keys are non-empty strings of at most this many characters (UTF-16 code units). */
  maxKeyLength: 512,
  /** One value, as UTF-8 JSON. */
  maxValueBytes: 1024 * 1024,
  /** Everything one app keeps: UTF-8 bytes of its keys plus their JSON values. */
  quotaBytes: 10 * 1024 * 1024,
  /** Nesting of arrays and objects in a value; also stops circular values. */
  maxDepth: 100,
} as const;

const encoder = new TextEncoder();

export function utf8Bytes(text: string): number {
  return encoder.encode(text).length;
}

/** The key as the host stores it; the frame's word is never trusted. */
export function checkKey(key: unknown): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > STORAGE_LIMITS.maxKeyLength) {
    throw new CodedError(
      'invalid_key',
      `A storage key must be a string of 1-${STORAGE_LIMITS.maxKeyLength} characters`,
    );
  }
  return key;
}

/** Checks a value is JSON-compatible and small enough; returns its JSON and size in bytes. */
export function encodeValue(
  value: unknown,
  maxBytes: number = STORAGE_LIMITS.maxValueBytes,
): { json: string; bytes: number } {
  // A string longer than the limit in code units is over it in UTF-8 too: skip the walk.
  if (typeof value === 'string' && value.length > maxBytes) throw tooLarge(value.length, maxBytes);
  const problem = jsonProblem(value, 0);
  if (problem) throw new CodedError('invalid_value', `The value is not JSON-compatible: ${problem}`);
  const json = JSON.stringify(value);
  const bytes = utf8Bytes(json);
  if (bytes > maxBytes) throw tooLarge(bytes, maxBytes);
  return { json, bytes };
}

function tooLarge(bytes: number, maxBytes: number): CodedError {
  return new CodedError('too_large', `A stored value may be at most ${maxBytes} bytes as JSON`, {
    bytes,
    limit: maxBytes,
  });
}

/** Why a value would not survive JSON unchanged, or undefined when it would. */
function jsonProblem(value: unknown, depth: number): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${value} is not finite`;
  if (typeof value !== 'object') return `${typeof value} cannot be stored`;
  if (depth >= STORAGE_LIMITS.maxDepth) return `nested deeper than ${STORAGE_LIMITS.maxDepth} (or circular)`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) return 'arrays may not have holes';
      const inner = jsonProblem(value[i], depth + 1);
      if (inner) return inner;
    }
    return undefined;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    return `${Object.prototype.toString.call(value)} is not a plain object`;
  }
  for (const inner of Object.values(value)) {
    const problem = jsonProblem(inner, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}
