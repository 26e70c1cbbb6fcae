import { CodedError, isWireError, type WireError } from '../validation/errorCodes.ts';
import { ApiError } from './api.ts';

/**
 * Any failure as the shell keeps it: an ApiError's or CodedError's wire error as is, anything else
 * (a failed import, a storage error) as `internal` with its message.
 */
export function toWireError(err: unknown): WireError {
  if (err instanceof ApiError) return err.wire;
  if (err instanceof CodedError) return err.toWire();
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
