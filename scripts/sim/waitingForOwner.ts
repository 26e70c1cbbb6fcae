import { type Backoff, CLI_BACKOFF, CLI_BUDGET_MS, waitForDecision } from '../../client/waitForDecision.ts';
import { VirtualClock } from '../../test-support/VirtualClock.ts';
import { normal, quantile, seededRandom } from './rng.ts';

export interface WaitStrategy {
  label: string;
  /** Undefined: end the turn; the owner says "done", and the agent reads the status once. */
  backoff?: Backoff;
}

export const STRATEGIES: WaitStrategy[] = [
  { label: 'fixed 5 s', backoff: { firstMs: 5000, factor: 1, capMs: 5000 } },
  { label: 'fixed 30 s', backoff: { firstMs: 30_000, factor: 1, capMs: 30_000 } },
  { label: 'backoff 5 s x1.5 cap 120 s (room wait)', backoff: CLI_BACKOFF },
  { label: 'backoff 10 s x2 cap 300 s', backoff: { firstMs: 10_000, factor: 2, capMs: 300_000 } },
  { label: 'end the turn, read once' },
];

export interface WaitingRow {
  strategy: string;
  calls_per_proposal: number;
  lag_p50_s: number;
  lag_p95_s: number;
  gave_up: number;
}

export interface WaitingSetup {
  n: number;
  medianMs: number;
  sigma: number;
  seed: number;
}

/** Review delays from a log-normal; each strategy waits for the same delays on a virtual clock. */
export async function waitingForOwner(s: WaitingSetup): Promise<{ rows: WaitingRow[]; delays: number[] }> {
  const random = seededRandom(s.seed);
  const delays = Array.from({ length: s.n }, () => s.medianMs * Math.exp(s.sigma * normal(random)));
  const rows: WaitingRow[] = [];
  for (const strategy of STRATEGIES) {
    let calls = 0;
    let gaveUp = 0;
    const lags: number[] = [];
    for (const delay of delays) {
      // The owner's "done" arrives at the decision: the agent starts its one read then, with no budget left.
      const clock = new VirtualClock(strategy.backoff ? 0 : delay);
      const r = await waitForDecision({
        clock,
        backoff: strategy.backoff,
        budgetMs: strategy.backoff ? CLI_BUDGET_MS : 0,
        check: async () => (clock.now() >= delay ? { state: 'approved' } : { state: 'pending' }),
      });
      calls += r.calls;
      if (r.outcome === 'gave_up') gaveUp++;
      else lags.push(clock.now() - delay);
    }
    lags.sort((a, b) => a - b);
    rows.push({
      strategy: strategy.label,
      calls_per_proposal: calls / s.n,
      lag_p50_s: quantile(lags, 0.5) / 1000,
      lag_p95_s: quantile(lags, 0.95) / 1000,
      gave_up: gaveUp,
    });
  }
  return { rows, delays };
}
