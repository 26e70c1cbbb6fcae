import type { ReviewFlag } from '../validation/reviewFlags.ts';
import { REVIEW_FLAG_TITLES } from '../validation/reviewFlagTitles.ts';
import type { CliContext } from './cliTypes.ts';
import { printable } from './printable.ts';

// Past this many the terminal scrolls the command's own result away; the card lists them all.
const MAX_PRINTED = 40;

/**
 * Prints on stderr, before anything is sent, what the owner's card will flag: one line a flag, by file
 * and line (with --json they go into the JSON as `review_flags` instead, so stdout stays one object).
 */
export function reportReviewFlags(ctx: CliContext, flags: ReviewFlag[]): void {
  if (ctx.values.json || flags.length === 0) return;
  ctx.io.stderr(`room: the review card will flag ${flags.length === 1 ? 'this' : `these ${flags.length}`}:`);
  for (const f of flags.slice(0, MAX_PRINTED))
    ctx.io.stderr(
      `  ${printable(f.file)}:${f.line}:${f.column}  ${REVIEW_FLAG_TITLES[f.kind]}: ${printable(f.label)}`,
    );
  if (flags.length > MAX_PRINTED) ctx.io.stderr(`  … and ${flags.length - MAX_PRINTED} more`);
}
