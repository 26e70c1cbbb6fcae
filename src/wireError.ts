import { ErrorCode, type WireError } from '../validation/errorCodes.ts';

/** A body is a wire error when it has a known code and a message; anything else is the server's fault. */
export function isWireError(x: unknown): x is WireError {
  if (typeof x !== 'object' || x === null) return false;
  const { code, message } = x as Record<string, unknown>;
  return typeof code === 'string' && Object.hasOwn(ErrorCode, code) && typeof message === 'string';
}

/**
 * Any failure as the shell keeps it: an ApiError's or CodedError's wire error as is, anything else
 * (a failed import, a storage error) as `internal` with its message.
 */
export function toWireError(err: unknown): WireError {
  if (typeof err === 'object' && err !== null && 'wire' in err && isWireError(err.wire)) return err.wire;
  if (typeof err === 'object' && err !== null && 'toWire' in err && typeof err.toWire === 'function') {
    const wire: unknown = err.toWire();
    if (isWireError(wire)) return wire;
  }
  if (isWireError(err)) return err;
  return { code: 'internal', message: err instanceof Error ? err.message : String(err) };
}

/** A failure kept in component state: its wire error and the words that lead its message, if any. */
export class Failure {
  constructor(
    readonly error: WireError,
    readonly lead?: string,
  ) {}

  /** Any rejection kept as a Failure, led by `lead`. */
  static of(err: unknown, lead?: string): Failure {
    return new Failure(toWireError(err), lead);
  }

  /** The sentence shown: "Could not load the files: <message>", or the message alone. */
  get text(): string {
    return this.lead ? `${this.lead}: ${this.error.message}` : this.error.message;
  }
}

/** A rejection handler that keeps the failure as data: `.then(ok, failed(setError, 'Could not …'))`. */
export const failed =
  (keep: (f: Failure) => void, lead?: string) =>
  (err: unknown): void =>
    keep(Failure.of(err, lead));
