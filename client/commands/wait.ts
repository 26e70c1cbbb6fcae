import type { ProposalStatus } from '../../validation/mcpTools.ts';
import { type CliContext, EXIT, type Outcome, positional, required, UsageError } from '../cliTypes.ts';
import { printable } from '../printable.ts';
import { RequestError } from '../RequestError.ts';
import { CLI_BUDGET_MS, type Decision, waitForDecision } from '../waitForDecision.ts';

const clockText = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
};

/** `room wait <proposal> --room <id> [--budget <seconds>]`: status reads on the CLI's backoff. */
export async function wait(ctx: CliContext): Promise<Outcome> {
  const proposal = positional(ctx, 0, 'proposal');
  const room = required(ctx, 'room');
  const budgetMs = ctx.values.budget === undefined ? CLI_BUDGET_MS : Number(ctx.values.budget) * 1000;
  if (!Number.isFinite(budgetMs) || budgetMs < 0) throw new UsageError('--budget is a number of seconds');
  // Empty until a read answers; read as a proposal's status (an app's has no review_state).
  let last: Partial<ProposalStatus> = {};
  const check = async (): Promise<Decision> => {
    try {
      last = await ctx.client.callTool('read_room_app_status', { room_id: room, instance_id: proposal });
    } catch (e) {
      // A network blip while a person reviews is no reason to stop waiting.
      if (e instanceof RequestError && e.transient) return { state: 'pending' };
      throw e;
    }
    if (last.review_state === 'approved') return { state: 'approved', appId: last.instance_id };
    if (last.review_state === 'declined') return { state: 'declined', reason: last.decline_reason };
    return { state: 'pending' };
  };
  const tty = ctx.io.isTTY && !ctx.values.json;
  const r = await waitForDecision({
    check,
    clock: ctx.io.clock,
    budgetMs,
    onPending: tty
      ? ({ calls, elapsedMs, nextInMs }) =>
          ctx.io.stderr(
            `\rwaiting for the owner's review: ${calls} checks, ${clockText(elapsedMs)} elapsed, next in ${clockText(nextInMs)}  `,
          )
      : undefined,
  });
  if (tty) ctx.io.stderr('\n');
  const json = {
    proposal_id: proposal,
    outcome: r.outcome,
    calls: r.calls,
    elapsed_ms: r.elapsedMs,
    status: last,
  };
  const after = `after ${r.calls} checks in ${clockText(r.elapsedMs)}`;
  if (r.outcome === 'approved')
    return {
      exit: EXIT.ok,
      text: `Approved: "${printable(last.name)}" is in the launcher as ${printable(last.instance_id)} (${after})`,
      json,
    };
  if (r.outcome === 'declined')
    return {
      exit: EXIT.declined,
      text: `Declined${last.decline_reason ? `: ${printable(last.decline_reason)}` : ' (no reason given)'} (${after})`,
      json,
    };
  return {
    exit: EXIT.gave_up,
    text: `Gave up: still pending review ${after}. Ask the owner, then run room wait again.`,
    json,
  };
}
