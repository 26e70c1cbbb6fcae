import { type CliContext, EXIT, type Outcome, positional, table } from '../cliTypes.ts';
import { collectFiles } from '../collectFiles.ts';
import { sizeReport } from '../sizeTable.ts';

/** `room size <dir>`: what the folder costs as one snippet call, and whether it should be a repository. */
export async function size(ctx: CliContext): Promise<Outcome> {
  const dir = positional(ctx, 0, 'dir');
  const { files, skipped } = await collectFiles(dir);
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
    ...(skipped.length ? ['', `skipped: ${skipped.map((s) => `${s.path} (${s.reason})`).join(', ')}`] : []),
    ...(r.warning ? ['', `warning: ${r.warning}`] : []),
  ].join('\n');
  return { exit: EXIT.ok, text, json: { ...r, skipped } };
}
