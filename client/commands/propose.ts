import { allReviewFlags } from '../../validation/codeFlags.ts';
import { repoKey, snippetKey } from '../../validation/idempotencyKey.ts';
import type { ProposalToolResult, ToolInput } from '../../validation/mcpTools.ts';
import {
  LIMITS,
  type Verdict,
  validateRepoProposal,
  validateSnippetProposal,
} from '../../validation/proposal.ts';
import { type CliContext, EXIT, type Outcome, positional, required } from '../cliTypes.ts';
import { collectFiles } from '../collectFiles.ts';
import { printable } from '../printable.ts';
import { reportReviewFlags } from '../reportReviewFlags.ts';
import { reportSkipped } from '../reportSkipped.ts';
import { withRetry } from '../withRetry.ts';

function rejected<T>(v: Extract<Verdict<T>, { ok: false }>, extra: object = {}): Outcome {
  return {
    exit: EXIT.rejected,
    text: `REJECT (${v.by}) ${v.error.code}: ${printable(v.error.message)}`,
    json: { ok: false, by: v.by, error: v.error, ...extra },
  };
}

/** Sends a checked proposal with retries on the same key; prints the id and the next step, never polls. */
async function send<N extends 'propose_room_snippet_app' | 'propose_room_repo_app'>(
  ctx: CliContext,
  tool: N,
  args: ToolInput<N>,
  extra: object,
): Promise<Outcome> {
  const r: ProposalToolResult = await withRetry(() => ctx.client.callTool(tool, args), {
    ...ctx.io.retry,
    onRetry: (attempt, e, ms) =>
      ctx.io.stderr(
        `room: ${printable(e.message)}; retrying with the same key in ${ms} ms (attempt ${attempt + 1})`,
      ),
  });
  const again = r.replayed ? ` (replayed: the same proposal, now ${printable(r.state)})` : '';
  const update = r.update
    ? `, update of "${printable(r.update.app_name)}" (version ${printable(r.update.base_version)})`
    : '';
  return {
    exit: EXIT.ok,
    text: `Proposed "${printable(args.name)}" as ${printable(r.proposal_id)}${update}${again}\n${printable(r.next_step)}`,
    json: { ok: true, ...r, idempotency_key: args.idempotency_key, ...extra },
  };
}

/** `room propose <dir> --room --name` or `room propose --repo --version --room --name`. */
export async function propose(ctx: CliContext): Promise<Outcome> {
  const room = required(ctx, 'room');
  const name = required(ctx, 'name');
  if (ctx.values.repo || ctx.values.version) {
    const repository_id = required(ctx, 'repo');
    const version_id = required(ctx, 'version');
    const key = ctx.values.key ?? (await repoKey(room, name, repository_id, version_id));
    const args = { room_id: room, name, repository_id, version_id, idempotency_key: key };
    const v = validateRepoProposal(args);
    if (!v.ok) return rejected(v);
    return send(ctx, 'propose_room_repo_app', args, {});
  }
  const dir = positional(ctx, 0, 'dir');
  const { files, skipped, tooLarge } = await collectFiles(dir, LIMITS);
  reportSkipped(ctx, skipped);
  if (tooLarge) return rejected({ ok: false, by: 'rule', error: tooLarge }, { skipped });
  const key = ctx.values.key ?? (await snippetKey(room, name, files));
  const args = { room_id: room, name, files, idempotency_key: key };
  // The same module as the server's: a call that would fail never leaves the machine.
  const v = validateSnippetProposal(args);
  if (!v.ok) return rejected(v, { skipped });
  // The owner's card runs the same scan: the agent sees what it will flag before it proposes.
  const review_flags = allReviewFlags(files);
  reportReviewFlags(ctx, review_flags);
  return send(ctx, 'propose_room_snippet_app', args, { files: Object.keys(files), skipped, review_flags });
}
