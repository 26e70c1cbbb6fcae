/** Time as the waiting logic sees it: real for the CLI, virtual for the simulation. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Intervals between checks: `firstMs`, then × `factor`, never above `capMs` (factor 1: fixed). */
export interface Backoff {
  firstMs: number;
  factor: number;
  capMs: number;
}

/** What `room wait` uses: 5 s × 1.5, capped at 120 s, for at most an hour. */
export const CLI_BACKOFF: Backoff = { firstMs: 5000, factor: 1.5, capMs: 120_000 };
export const CLI_BUDGET_MS = 60 * 60 * 1000;

export type Decision =
  | { state: 'pending' }
  | { state: 'approved'; appId?: string | null }
  | { state: 'declined'; reason?: string | null };

export interface WaitResult {
  outcome: 'approved' | 'declined' | 'gave_up';
  decision: Decision;
  /** Checks made, the first (immediate) one included. */
  calls: number;
  elapsedMs: number;
}

export interface WaitOptions {
  /** One status read; throw to abort, return pending to keep waiting. */
  check: () => Promise<Decision>;
  clock?: Clock;
  backoff?: Backoff;
  budgetMs?: number;
  /** Called after each pending check, with the delay before the next one. */
  onPending?: (info: { calls: number; elapsedMs: number; nextInMs: number }) => void;
}

/** Checks now, then on the backoff schedule, until a decision or the budget is spent (a last check at the end). */
export async function waitForDecision(opts: WaitOptions): Promise<WaitResult> {
  const clock = opts.clock ?? realClock;
  const backoff = opts.backoff ?? CLI_BACKOFF;
  const budget = opts.budgetMs ?? CLI_BUDGET_MS;
  const start = clock.now();
  let interval = backoff.firstMs;
  let calls = 0;
  for (;;) {
    const decision = await opts.check();
    calls++;
    const elapsedMs = clock.now() - start;
    if (decision.state !== 'pending') return { outcome: decision.state, decision, calls, elapsedMs };
    const left = budget - elapsedMs;
    if (left <= 0) return { outcome: 'gave_up', decision, calls, elapsedMs };
    const nextInMs = Math.min(interval, left);
    opts.onPending?.({ calls, elapsedMs, nextInMs });
    await clock.sleep(nextInMs);
    interval = Math.min(interval * backoff.factor, backoff.capMs);
  }
}
