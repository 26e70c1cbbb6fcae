/**
 * The host↔frame protocol. Window messages carry only the handshake (checked by `event.source`);
 * everything after it travels over the MessageChannel port handed to the frame at start.
 */
import type { ErrorCode } from '../validation/errorCodes.ts';

export const PROTOCOL_VERSION = 1;

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

/** An error as it crosses the port: data only, with a location when one is known. */
export interface FrameError {
  code: FrameErrorCode;
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

/** The only window message: host → frame, with the port in `event.ports[0]`. */
export interface ConnectMessage {
  type: 'room-connect';
  version: number;
}

export type HostToFrame =
  | { type: 'run'; name: string; files: Record<string, string> }
  | { type: 'ping'; id: number };

export type FrameToHost =
  | { type: 'ready'; version: number }
  | { type: 'rendered'; compileMs: number; evalMs: number }
  /** After the first commit, from rAF + a task: the host measures click-to-paint with it. */
  | { type: 'painted' }
  | { type: 'error'; error: FrameError }
  | { type: 'pong'; id: number };

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

export function isConnectMessage(x: unknown): x is ConnectMessage {
  return isObject(x) && x.type === 'room-connect' && isNumber(x.version);
}

function isFrameError(x: unknown): x is FrameError {
  return (
    isObject(x) &&
    typeof x.code === 'string' &&
    Object.hasOwn(FrameErrorCode, x.code) &&
    typeof x.message === 'string' &&
    (x.file === undefined || typeof x.file === 'string') &&
    (x.line === undefined || isNumber(x.line)) &&
    (x.column === undefined || isNumber(x.column))
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
    default:
      return false;
  }
}

export function isHostToFrame(x: unknown): x is HostToFrame {
  if (!isObject(x)) return false;
  switch (x.type) {
    case 'run':
      return (
        typeof x.name === 'string' &&
        isObject(x.files) &&
        Object.values(x.files).every((v) => typeof v === 'string')
      );
    case 'ping':
      return isNumber(x.id);
    default:
      return false;
  }
}
