import type { CliContext } from './cliTypes.ts';
import type { Skipped } from './collectFiles.ts';
import { printable } from './printable.ts';

/**
 * Lists what was left out on stderr: one line a file, and the files that may hold secrets in one line the
 * person always sees (with --json too: stdout stays one JSON object).
 */
export function reportSkipped(ctx: CliContext, skipped: Skipped[]): void {
  const secrets = skipped.filter((s) => s.secret);
  if (!ctx.values.json)
    for (const s of skipped) if (!s.secret) ctx.io.stderr(`room: skipped ${printable(s.path)} (${s.reason})`);
  if (secrets.length)
    ctx.io.stderr(
      `room: Skipped ${secrets.length} ${secrets.length === 1 ? 'file' : 'files'} that may hold secrets: ${secrets
        .map((s) => `${printable(s.path)} (${s.reason})`)
        .join(', ')}`,
    );
}
