import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../test-support/VirtualClock.ts';
import { type Decision, waitForDecision } from './waitForDecision.ts';

/** A decision that arrives at `at` ms on the clock. */
const decidedAt = (clock: VirtualClock, at: number, d: Decision) => async (): Promise<Decision> =>
  clock.now() >= at ? d : { state: 'pending' };

describe('waitForDecision', () => {
  it('checks now, then after 5 s, 7.5 s, 11.25 s … on the CLI backoff', async () => {
    const clock = new VirtualClock();
    const times: number[] = [];
    const r = await waitForDecision({
      clock,
      check: async () => {
        times.push(clock.now());
        return clock.now() >= 40_000 ? { state: 'approved' } : { state: 'pending' };
      },
    });
    expect(times).toEqual([0, 5000, 12_500, 23_750, 40_625]);
    expect(r).toMatchObject({ outcome: 'approved', calls: 5, elapsedMs: 40_625 });
  });

  it('caps the interval and gives up at the budget with a last check', async () => {
    const clock = new VirtualClock();
    const gaps: number[] = [];
    const r = await waitForDecision({
      clock,
      check: async () => ({ state: 'pending' }),
      onPending: ({ nextInMs }) => gaps.push(nextInMs),
    });
    expect(r.outcome).toBe('gave_up');
    expect(r.elapsedMs).toBe(3_600_000);
    expect(Math.max(...gaps)).toBe(120_000);
    expect(r.calls).toBe(gaps.length + 1);
  });

  it('reports a decline with its reason, and fixed intervals with factor 1', async () => {
    const clock = new VirtualClock();
    const r = await waitForDecision({
      clock,
      backoff: { firstMs: 30_000, factor: 1, capMs: 30_000 },
      check: decidedAt(clock, 100_000, { state: 'declined', reason: 'too loud' }),
    });
    expect(r).toMatchObject({ outcome: 'declined', calls: 5, elapsedMs: 120_000 });
    expect(r.decision).toEqual({ state: 'declined', reason: 'too loud' });
  });

  it('stops at once when the check throws', async () => {
    await expect(
      waitForDecision({ clock: new VirtualClock(), check: () => Promise.reject(new Error('boom')) }),
    ).rejects.toThrow('boom');
  });
});
