import { STORAGE_LIMITS, utf8Bytes } from '../../storageLimits.ts';
import { entryUnits, WEB_STORAGE_LIMITS } from '../../webStorageLimits.ts';

/** Everything one app keeps on this device, each key once: `@room/sdk` values as JSON text, then both web areas. */
export interface AppData {
  sdk: [string, string][];
  localStorage: [string, string][];
  windowStorage: [string, string][];
}

/** Where a file came from: the room and app it was exported from, the app's version, and when. */
export interface AppDataOrigin {
  room: { id: string; name: string };
  app: { id: string; name: string; version: number };
  exportedAt: string;
}

export interface AppDataFile extends AppDataOrigin {
  format: typeof APP_DATA_FORMAT;
  version: typeof APP_DATA_VERSION;
  /** SHA-256 (hex) of the file's other fields in their canonical order. */
  sha256: string;
  data: AppData;
}

export const APP_DATA_FORMAT = 'room-app-data';
export const APP_DATA_VERSION = 1;

export const APP_DATA_LIMITS = {
  /**
   * Largest file: what the app may keep (its `@room/sdk` bytes and both web areas' code units, one byte a
   * unit for plain text) plus room for the file's own words; a bigger file is refused before it is read.
   */
  maxBytes:
    STORAGE_LIMITS.quotaBytes +
    WEB_STORAGE_LIMITS.localQuotaUnits +
    WEB_STORAGE_LIMITS.artifactQuotaUnits +
    256 * 1024,
  /** Nesting of the file's own arrays and objects (a backup holds app files: 6 deep). */
  maxDepth: 8,
} as const;

/** A file that cannot be imported, with what is wrong in a sentence a person reads. */
export class DataFileError extends Error {
  override name = 'DataFileError';
}

/** Refused before anything is read: a size past `maxBytes`. */
export function checkFileSize(bytes: number, maxBytes: number, what = 'this app'): void {
  if (bytes > maxBytes)
    throw new DataFileError(
      `The file is ${bytes} bytes: more than ${what} may keep on this device (${maxBytes} bytes). Nothing was changed.`,
    );
}

/** Keys no file may hold anywhere: a parsed object carrying them could reach an object's prototype. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Parses JSON text that must be no deeper than `maxDepth`, counted before `JSON.parse` runs (a deep file
 * costs nothing), and holds no `__proto__`/`constructor`/`prototype` key.
 */
export function parseFileJson(text: string, maxDepth: number, forbid = true): unknown {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > maxDepth)
        throw new DataFileError(`The file is nested deeper than ${maxDepth} levels: refused.`);
    } else if (c === 93 || c === 125) depth--;
  }
  try {
    if (!forbid) return JSON.parse(text);
    return JSON.parse(text, (key, value) => {
      if (FORBIDDEN_KEYS.has(key)) throw new DataFileError(`The file holds a key named "${key}": refused.`);
      return value;
    });
  } catch (err) {
    if (err instanceof DataFileError) throw err;
    throw new DataFileError(
      depth !== 0 || inString
        ? 'The file is cut short (truncated JSON): refused.'
        : 'The file is not JSON: refused.',
    );
  }
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** `x` as an object with exactly `keys` (any other key is refused). */
export function exactObject(x: unknown, keys: readonly string[], what: string): Record<string, unknown> {
  if (!isObject(x)) throw new DataFileError(`${what} must be an object.`);
  const extra = Object.keys(x).find((k) => !keys.includes(k));
  if (extra !== undefined) throw new DataFileError(`${what} holds an unknown field "${extra.slice(0, 40)}".`);
  const missing = keys.find((k) => !Object.hasOwn(x, k));
  if (missing !== undefined) throw new DataFileError(`${what} lacks its "${missing}" field.`);
  return x;
}

/** A text field of a data file, at most `max` characters. */
export const text = (x: unknown, what: string, max = 500): string => {
  if (typeof x !== 'string' || x.length > max)
    throw new DataFileError(`${what} must be text of at most ${max} characters.`);
  return x;
};

/** A file's export time: a date, as text. */
export function exportTime(x: unknown): string {
  const at = text(x, 'The export time', 40);
  if (Number.isNaN(Date.parse(at))) throw new DataFileError('The export time is not a date.');
  return at;
}

function pairs(x: unknown, what: string): [string, string][] {
  if (!Array.isArray(x)) throw new DataFileError(`${what} must be a list of [key, value] pairs.`);
  const seen = new Set<string>();
  return x.map((pair) => {
    if (
      !Array.isArray(pair) ||
      pair.length !== 2 ||
      typeof pair[0] !== 'string' ||
      typeof pair[1] !== 'string'
    )
      throw new DataFileError(`${what} must hold [key, value] pairs of text.`);
    if (seen.has(pair[0])) throw new DataFileError(`${what} names the key "${pair[0].slice(0, 40)}" twice.`);
    seen.add(pair[0]);
    return [pair[0], pair[1]];
  });
}

const keyOk = (key: string) => key.length > 0 && key.length <= STORAGE_LIMITS.maxKeyLength;

/** The data part, each value checked as the launcher checks a write, and each area within its quota. */
export function checkAppData(x: unknown): AppData {
  const o = exactObject(x, ['sdk', 'localStorage', 'windowStorage'], 'The data');
  let sdkBytes = 0;
  const sdk = pairs(o.sdk, 'The @room/sdk values').map(([key, json]): [string, string] => {
    if (!keyOk(key))
      throw new DataFileError(`A @room/sdk key must be 1-${STORAGE_LIMITS.maxKeyLength} characters.`);
    let clean: string;
    try {
      // An app's own value may hold any key: it goes back to the app as text, never into a launcher object.
      clean = JSON.stringify(parseFileJson(json, STORAGE_LIMITS.maxDepth, false));
    } catch (err) {
      throw new DataFileError(
        `The @room/sdk value of "${key.slice(0, 40)}" is not valid: ${(err as Error).message}`,
      );
    }
    const bytes = utf8Bytes(clean);
    if (bytes > STORAGE_LIMITS.maxValueBytes)
      throw new DataFileError(
        `The @room/sdk value of "${key.slice(0, 40)}" is over ${STORAGE_LIMITS.maxValueBytes} bytes.`,
      );
    sdkBytes += utf8Bytes(key) + bytes;
    return [key, clean];
  });
  if (sdkBytes > STORAGE_LIMITS.quotaBytes)
    throw new DataFileError(
      `The @room/sdk values are over this app's quota of ${STORAGE_LIMITS.quotaBytes} bytes.`,
    );
  const localStorage = pairs(o.localStorage, 'The localStorage values');
  if (unitsOf(localStorage) > WEB_STORAGE_LIMITS.localQuotaUnits)
    throw new DataFileError(
      `The localStorage values are over its quota of ${WEB_STORAGE_LIMITS.localQuotaUnits} characters.`,
    );
  const windowStorage = pairs(o.windowStorage, 'The window.storage values');
  for (const [key, value] of windowStorage) {
    if (
      key.length === 0 ||
      key.length > WEB_STORAGE_LIMITS.artifactKeyLength ||
      value.length > WEB_STORAGE_LIMITS.artifactValueUnits
    )
      throw new DataFileError(`The window.storage value of "${key.slice(0, 40)}" is over its limits.`);
  }
  if (unitsOf(windowStorage) > WEB_STORAGE_LIMITS.artifactQuotaUnits)
    throw new DataFileError(
      `The window.storage values are over its quota of ${WEB_STORAGE_LIMITS.artifactQuotaUnits} characters.`,
    );
  return { sdk, localStorage, windowStorage };
}

const unitsOf = (entries: [string, string][]) => entries.reduce((n, [k, v]) => n + entryUnits(k, v), 0);

/** Keys and UTF-8 bytes the data holds, as the App menu counts them. */
export function dataSize(data: AppData): { keys: number; bytes: number } {
  const all = [...data.sdk, ...data.localStorage, ...data.windowStorage];
  return { keys: all.length, bytes: all.reduce((n, [k, v]) => n + utf8Bytes(k) + utf8Bytes(v), 0) };
}

function checkOrigin(o: Record<string, unknown>): AppDataOrigin {
  const room = exactObject(o.room, ['id', 'name'], 'The room');
  const app = exactObject(o.app, ['id', 'name', 'version'], 'The app');
  if (!Number.isSafeInteger(app.version) || (app.version as number) < 1)
    throw new DataFileError("The app's version must be a whole number.");
  const exportedAt = exportTime(o.exportedAt);
  return {
    room: { id: text(room.id, "The room's id"), name: text(room.name, "The room's name") },
    app: {
      id: text(app.id, "The app's id"),
      name: text(app.name, "The app's name"),
      version: app.version as number,
    },
    exportedAt,
  };
}

/** What the hash covers: every field but the hash, in one order whatever order the file had. */
const canonical = (origin: AppDataOrigin, data: AppData) =>
  JSON.stringify([APP_DATA_FORMAT, APP_DATA_VERSION, origin.room, origin.app, origin.exportedAt, data]);

async function sha256Hex(textToHash: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(textToHash));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A file of `data` with its origin and content hash. */
export async function makeAppDataFile(origin: AppDataOrigin, data: AppData): Promise<AppDataFile> {
  const clean: AppDataOrigin = {
    room: { id: origin.room.id, name: origin.room.name },
    app: { id: origin.app.id, name: origin.app.name, version: origin.app.version },
    exportedAt: origin.exportedAt,
  };
  return {
    format: APP_DATA_FORMAT,
    version: APP_DATA_VERSION,
    ...clean,
    sha256: await sha256Hex(canonical(clean, data)),
    data,
  };
}

const FILE_KEYS = ['format', 'version', 'room', 'app', 'exportedAt', 'sha256', 'data'] as const;

/** An app data file already parsed (alone, or inside a backup): its format, fields, limits and hash. */
export async function checkAppDataFile(x: unknown): Promise<AppDataFile> {
  if (!isObject(x) || x.format !== APP_DATA_FORMAT)
    throw new DataFileError('This is not a Room app data file (its "format" is not room-app-data).');
  if (x.version !== APP_DATA_VERSION)
    throw new DataFileError(
      `This app data file is format version ${String(x.version).slice(0, 20)}; this launcher reads version ${APP_DATA_VERSION}.`,
    );
  const o = exactObject(x, FILE_KEYS, 'The file');
  const origin = checkOrigin(o);
  const data = checkAppData(o.data);
  const sha256 = text(o.sha256, 'The content hash', 64);
  // The values as stored (clean JSON) hash the same as the values as exported.
  if (sha256 !== (await sha256Hex(canonical(origin, exactData(o.data)))))
    throw new DataFileError(
      'The content hash does not match: the file was changed or damaged. Nothing was changed.',
    );
  return { format: APP_DATA_FORMAT, version: APP_DATA_VERSION, ...origin, sha256, data };
}

/** The data exactly as the file holds it (already checked by {@link checkAppData}). */
const exactData = (x: unknown): AppData => {
  const o = x as Record<string, [string, string][]>;
  return {
    sdk: o.sdk as [string, string][],
    localStorage: o.localStorage as [string, string][],
    windowStorage: o.windowStorage as [string, string][],
  };
};

/** Reads an app data file's text: any problem is a {@link DataFileError} and nothing was changed. */
export async function parseAppDataFile(fileText: string): Promise<AppDataFile> {
  checkFileSize(utf8Bytes(fileText), APP_DATA_LIMITS.maxBytes);
  return checkAppDataFile(parseFileJson(fileText, APP_DATA_LIMITS.maxDepth));
}

/** The file's text: one line per key keeps it readable and diffable. */
export const appDataFileText = (file: AppDataFile): string => `${JSON.stringify(file, null, 1)}\n`;
