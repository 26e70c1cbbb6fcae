import { printable } from './printable.ts';
import type { RoomClient } from './RoomClient.ts';
import type { Clock } from './waitForDecision.ts';
import type { RetryOptions } from './withRetry.ts';

/** Exit codes of `room` (documented in the README). */
export const EXIT = { ok: 0, error: 1, usage: 2, rejected: 3, declined: 4, gave_up: 5 } as const;

/** Where the CLI writes and what it reads; tests and the simulation pass their own. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  /** Progress lines only on a terminal. */
  isTTY?: boolean;
  clock?: Clock;
  retry?: RetryOptions;
}

export interface CliValues {
  url?: string;
  token?: string;
  json?: boolean;
  room?: string;
  name?: string;
  repo?: string;
  version?: string;
  key?: string;
  label?: string;
  scopes?: string;
  budget?: string;
  help?: boolean;
}

export interface CliContext {
  io: CliIo;
  client: RoomClient;
  values: CliValues;
  positionals: string[];
}

/** What a command hands back: an exit code, the human text and the --json object. */
export interface Outcome {
  exit: number;
  text: string;
  json: unknown;
}

/** A mistake in how the command was called (exit 2). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The value of a required flag, or a usage error naming it. */
export function required(ctx: CliContext, flag: 'room' | 'name' | 'repo' | 'version' | 'label'): string {
  const v = ctx.values[flag];
  if (!v) throw new UsageError(`--${flag} is required`);
  return v;
}

/** The n-th positional argument, or a usage error naming it. */
export function positional(ctx: CliContext, index: number, what: string): string {
  const v = ctx.positionals[index];
  if (!v) throw new UsageError(`missing <${what}>`);
  return v;
}

/** Columns padded to their widest cell; cells are names and server text, so they are printed escaped. */
export function table(rows: (string | number)[][]): string {
  const cells = rows.map((r) => r.map(printable));
  const widths: number[] = [];
  for (const r of cells) for (const [i, c] of r.entries()) widths[i] = Math.max(widths[i] ?? 0, c.length);
  return cells
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
