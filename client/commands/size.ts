import { REPOSITORY_LIMITS } from '../../validation/proposal.ts';
import { type CliContext, EXIT, type Outcome, positional, table } from '../cliTypes.ts';
import { collectFiles } from '../collectFiles.ts';
import { printable } from '../printable.ts';
import { sizeReport } from '../sizeTable.ts';

/** `room size <dir>`: what the folder costs as one snippet call, and whether it should be a repository. */
export async function size(ctx: CliContext): Promise<Outcome> {
  const dir = positional(ctx, 0, 'dir');
  // Up to the repository's limits: the report tells whether the folder fits a snippet or needs a version.
  const { files, skipped, tooLarge } = await collectFiles(dir, REPOSITORY_LIMITS);
  if (tooLarge)
    return {
      exit: EXIT.rejected,
      text: `REJECT (rule) ${tooLarge.code}: ${printable(tooLarge.message)}`,
      json: { ok: false, error: tooLarge, skipped },
    };
  const r = sizeReport(files, ctx.values.room, ctx.values.name);
  const text = [
    table([
      ['file', 'bytes', 'lines'],
      ...r.files.map((f) => [f.path, f.bytes, f.lines]),
      ['(content)', r.content_bytes, r.files.reduce((a, f) => a + f.lines, 0)],
    ]),
    '',
    table([
      ['envelope bytes (whole tools/call request)', r.envelope_bytes],
      ['JSON escape overhead', r.escape_overhead_bytes],
      ['framing overhead', r.framing_overhead_bytes],
      ['approx. tokens (cl100k_base)', r.approx_tokens],
    ]),
    ...(skipped.length
      ? [
          '',
          `skipped: ${skipped.map((s) => `${printable(s.path)} (${s.secret ? 'may hold secrets: ' : ''}${s.reason})`).join(', ')}`,
        ]
      : []),
    ...(r.warning ? ['', `warning: ${printable(r.warning)}`] : []),
  ].join('\n');
  return { exit: EXIT.ok, text, json: { ...r, skipped } };
}
