/**
 * The host↔frame protocol. Window messages carry only the handshake (checked by `event.source`);
 * everything after it travels over the MessageChannel port handed to the frame at start.
 */

import type { ErrorCode } from '../validation/errorCodes.ts';
import { BUNDLE_PATH } from '../validation/providedImports.ts';
import { isTheme, type Theme } from './theme/tokens.ts';

export const PROTOCOL_VERSION = 1;

/**
 * The query parameter on a frame's URL when the host knows, before the frame exists, that it must compile
 * (a compile cache miss): the frame starts loading the compiler while its own runtime still loads.
 */
export const COMPILE_HINT = 'compile';

/** The error codes a frame reports (a subset of the wire table in validation/errorCodes.ts). */
export const FrameErrorCode = {
  compile_error: 'compile_error',
  unresolved_import: 'unresolved_import',
  runtime_error: 'runtime_error',
  missing_default_export: 'missing_default_export',
  missing_entry: 'missing_entry',
  unresponsive: 'unresponsive',
} as const satisfies Partial<Record<ErrorCode, ErrorCode>>;
export type FrameErrorCode = (typeof FrameErrorCode)[keyof typeof FrameErrorCode];

/** An error as it crosses the port: data only, with a location when one is known (see {@link FRAME_ERROR_LIMITS}). */
export interface FrameError {
  code: FrameErrorCode;
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

/** Bounds of a {@link FrameError}: the host drops one past them, the frame cuts its own to fit. */
export const FRAME_ERROR_LIMITS = {
  /** Characters of `message`: the panel shows it as the app's words, the frame's overlay the rest. */
  messageChars: 500,
  /** Characters of `file`: a path of the app, at most a few hundred. */
  fileChars: 300,
  /** `line` and `column` are integers from 1 to this. */
  maxPosition: 10_000_000,
} as const;

/** The frame's error cut to {@link FRAME_ERROR_LIMITS}: a position or file out of bounds is left out. */
export function boundFrameError(error: FrameError): FrameError {
  const bounded: FrameError = {
    code: error.code,
    message: error.message.slice(0, FRAME_ERROR_LIMITS.messageChars),
  };
  if (error.file !== undefined && error.file.length <= FRAME_ERROR_LIMITS.fileChars)
    bounded.file = error.file;
  if (isPosition(error.line)) bounded.line = error.line;
  if (isPosition(error.column)) bounded.column = error.column;
  return bounded;
}

/** The only window message: host → frame, with the port in `event.ports[0]`. */
export interface ConnectMessage {
  type: 'room-connect';
  version: number;
  /** True when the frame waits for files (a warm frame): it may spend the wait warming up. */
  warm?: boolean;
  /** The launcher's theme: the frame applies it before any app code runs. */
  theme?: Theme;
  /** The app's package bundle (`/deps/<hash>.js`): fetched and parsed now, evaluated only when the app runs. */
  packages?: string;
}

/** A JSON-compatible value: what `@room/sdk` storage keeps. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** The `@room/sdk` methods a frame may call over its port. */
export const SdkMethod = {
  'storage.get': 'storage.get',
  'storage.set': 'storage.set',
  'storage.delete': 'storage.delete',
  'storage.keys': 'storage.keys',
  'storage.clear': 'storage.clear',
  /** `{name, data, type?}`: asks the person to save a file; answered once they chose (or it was refused). */
  'files.save': 'files.save',
  /** `{}`: the launcher's theme (the Sandpack frame asks; the Sucrase frame gets it on connect). */
  'theme.get': 'theme.get',
  /** Claude artifacts' `window.storage` (personal scope): `{key}`, `{key, value}` (a string), `{key}`, `{prefix?}`. */
  'artifact.get': 'artifact.get',
  'artifact.set': 'artifact.set',
  'artifact.delete': 'artifact.delete',
  'artifact.list': 'artifact.list',
  /** `{text}`: the app's `navigator.clipboard.writeText`; written only while the person's click or key press is fresh. */
  'clipboard.write': 'clipboard.write',
  /** `{url}`: a link the person activated, or `window.open`; opened in a new tab only after they confirm. */
  'link.open': 'link.open',
} as const;
export type SdkMethod = (typeof SdkMethod)[keyof typeof SdkMethod];

/** The codes an `sdk-call` can fail with; the SDK rejects with an Error carrying one as `code`. */
export const SdkErrorCode = {
  invalid_key: 'invalid_key',
  invalid_value: 'invalid_value',
  too_large: 'too_large',
  quota_exceeded: 'quota_exceeded',
  too_many_requests: 'too_many_requests',
  not_available: 'not_available',
  invalid_name: 'invalid_name',
  save_refused: 'save_refused',
  clipboard_refused: 'clipboard_refused',
  link_refused: 'link_refused',
  bad_request: 'bad_request',
  internal: 'internal',
} as const satisfies Partial<Record<ErrorCode, ErrorCode>>;
export type SdkErrorCode = (typeof SdkErrorCode)[keyof typeof SdkErrorCode];

/** Calls a frame may have unanswered at once; beyond it both sides answer `too_many_requests`. */
export const SDK_MAX_IN_FLIGHT = 64;

/**
 * An SDK call. `params` is checked by the host per method (`{key}`, `{key, value}` or `{}`); the app it
 * acts for is never in it: the host knows that from the port.
 */
export interface SdkCall {
  type: 'sdk-call';
  id: number;
  method: SdkMethod;
  params: Record<string, unknown>;
}

export type SdkResult =
  /** `value` is absent for a missing key and for calls that return nothing. */
  | { type: 'sdk-result'; id: number; ok: true; value?: JsonValue }
  | { type: 'sdk-result'; id: number; ok: false; error: { code: SdkErrorCode; message: string } };

/** Modules the runtime compiled, by file path, and the runtime version that compiled them. */
export interface CompiledModules {
  version: string;
  modules: Record<string, string>;
  /** The CSS Tailwind generated for these files, when the app uses Tailwind. */
  css?: string;
}

export type HostToFrame =
  /** `compiled`: this app's modules from the launcher's compile cache; the frame compiles only what is missing. */
  | {
      type: 'run';
      name: string;
      files: Record<string, string>;
      compiled?: CompiledModules;
      /** The app's package bundle on its frame site (`/deps/<hash>.js`), on the pre-bundled path. */
      packages?: string;
      /** The app's `localStorage` on this device, as `[key, value]` pairs; absent when it holds nothing. */
      local?: [string, string][];
    }
  /**
   * A warm frame's app is not (wholly) in the compile cache: load the compiler and compile `files` (the
   * app's, when known) while waiting; the click's `run` then finds them compiled.
   */
  | { type: 'warm-compiler'; files?: Record<string, string> }
  | { type: 'ping'; id: number }
  | SdkResult
  /** Another copy of this app (another tab, or the app menu) changed `key`; `null`: every key. */
  | { type: 'storage-changed'; key: string | null }
  /** The person switched the launcher's theme. */
  | { type: 'theme'; theme: Theme }
  /** Another copy of this app wrote `key` of its `localStorage` (`null` value: removed): a `storage` event. */
  | { type: 'local-changed'; key: string; value: string | null }
  /** The app's whole `localStorage` as stored now (cleared, or many keys changed elsewhere). */
  | { type: 'local-reset'; entries: [string, string][] };

/** `localStorage` writes since the last flush, in order: `clear` first (if any), then each key's last value (`null`: removed). */
export interface LocalWrite {
  type: 'local-write';
  clear: boolean;
  entries: [string, string | null][];
}

export type FrameToHost =
  | { type: 'ready'; version: number }
  | { type: 'rendered'; compileMs: number; evalMs: number }
  /** After the first commit, from rAF + a task: the host measures click-to-paint with it. */
  | { type: 'painted' }
  | { type: 'error'; error: FrameError }
  | { type: 'pong'; id: number }
  /** Sent before any app code runs, after compiling every source file: the host may keep them. */
  | ({ type: 'compiled' } & CompiledModules)
  | SdkCall
  | LocalWrite
  /** The frame keeps a `localStorage` copy: tell it what other copies of the app write. */
  | { type: 'local-open' }
  /** A native dialog (`alert`, `confirm`, `prompt`) opens or closes; `cut`: past the limit, answered without asking. */
  | { type: 'dialog'; phase: DialogPhase };

/** See the `dialog` message. */
export const DIALOG_PHASES = ['open', 'closed', 'cut'] as const;
export type DialogPhase = (typeof DIALOG_PHASES)[number];

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isPosition = (x: unknown): x is number =>
  Number.isInteger(x) && (x as number) >= 1 && (x as number) <= FRAME_ERROR_LIMITS.maxPosition;
const isBoundedString = (x: unknown, max: number): x is string => typeof x === 'string' && x.length <= max;
const isStringMap = (x: unknown): x is Record<string, string> =>
  isObject(x) && !Array.isArray(x) && Object.values(x).every((v) => typeof v === 'string');
const isPairs = (x: unknown, value: (v: unknown) => boolean): boolean =>
  Array.isArray(x) &&
  x.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && value(p[1]));
const isText = (v: unknown): boolean => typeof v === 'string';
const isCompiledModules = (x: Record<string, unknown>): boolean =>
  typeof x.version === 'string' &&
  isStringMap(x.modules) &&
  (x.css === undefined || typeof x.css === 'string');

export function isConnectMessage(x: unknown): x is ConnectMessage {
  return (
    isObject(x) &&
    x.type === 'room-connect' &&
    isNumber(x.version) &&
    (x.theme === undefined || isTheme(x.theme)) &&
    (x.packages === undefined || (typeof x.packages === 'string' && BUNDLE_PATH.test(x.packages)))
  );
}

function isFrameError(x: unknown): x is FrameError {
  return (
    isObject(x) &&
    typeof x.code === 'string' &&
    Object.hasOwn(FrameErrorCode, x.code) &&
    isBoundedString(x.message, FRAME_ERROR_LIMITS.messageChars) &&
    (x.file === undefined || isBoundedString(x.file, FRAME_ERROR_LIMITS.fileChars)) &&
    (x.line === undefined || isPosition(x.line)) &&
    (x.column === undefined || isPosition(x.column))
  );
}

/** The guard for everything a frame sends: anything else is dropped. */
export function isFrameToHost(x: unknown): x is FrameToHost {
  if (!isObject(x)) return false;
  switch (x.type) {
    case 'ready':
      return isNumber(x.version);
    case 'rendered':
      return isNumber(x.compileMs) && isNumber(x.evalMs);
    case 'painted':
      return true;
    case 'error':
      return isFrameError(x.error);
    case 'pong':
      return isNumber(x.id);
    case 'compiled':
      // Only the shape: the host checks paths and sizes against the files it sent (runtime/host/acceptCompiled.ts).
      return isCompiledModules(x);
    case 'sdk-call':
      // Only the envelope: the bridge checks params per method and answers with a code.
      return (
        isNumber(x.id) &&
        typeof x.method === 'string' &&
        Object.hasOwn(SdkMethod, x.method) &&
        isObject(x.params)
      );
    case 'local-write':
      return typeof x.clear === 'boolean' && isPairs(x.entries, (v) => v === null || isText(v));
    case 'local-open':
      return true;
    case 'dialog':
      return DIALOG_PHASES.includes(x.phase as DialogPhase);
    default:
      return false;
  }
}

function isSdkResult(x: Record<string, unknown>): boolean {
  if (!isNumber(x.id)) return false;
  if (x.ok === true) return true;
  const error = x.error;
  return (
    x.ok === false &&
    isObject(error) &&
    typeof error.code === 'string' &&
    Object.hasOwn(SdkErrorCode, error.code) &&
    typeof error.message === 'string'
  );
}

export function isHostToFrame(x: unknown): x is HostToFrame {
  if (!isObject(x)) return false;
  switch (x.type) {
    case 'run':
      return (
        typeof x.name === 'string' &&
        isStringMap(x.files) &&
        (x.compiled === undefined || (isObject(x.compiled) && isCompiledModules(x.compiled))) &&
        (x.packages === undefined || (typeof x.packages === 'string' && BUNDLE_PATH.test(x.packages))) &&
        (x.local === undefined || isPairs(x.local, isText))
      );
    case 'warm-compiler':
      return x.files === undefined || isStringMap(x.files);
    case 'ping':
      return isNumber(x.id);
    case 'sdk-result':
      return isSdkResult(x);
    case 'storage-changed':
      return x.key === null || typeof x.key === 'string';
    case 'theme':
      return isTheme(x.theme);
    case 'local-changed':
      return typeof x.key === 'string' && (x.value === null || typeof x.value === 'string');
    case 'local-reset':
      return isPairs(x.entries, isText);
    default:
      return false;
  }
}
