import { describe, expect, it } from 'vitest';
import { waitingForOwner } from './waitingForOwner.ts';

describe('waitingForOwner', () => {
  it('repeats with a seed and orders the strategies as the article does', async () => {
    const setup = { n: 300, medianMs: 360_000, sigma: 1, seed: 7 };
    const a = await waitingForOwner(setup);
    expect((await waitingForOwner(setup)).rows).toEqual(a.rows);
    const median = [...a.delays].sort((x, y) => x - y)[150] as number;
    expect(median).toBeGreaterThan(240_000);
    expect(median).toBeLessThan(540_000);
    const calls = a.rows.map((r) => r.calls_per_proposal);
    expect(calls).toEqual([...calls].sort((x, y) => y - x));
    expect(a.rows.at(-1)).toMatchObject({ calls_per_proposal: 1, lag_p50_s: 0, gave_up: 0 });
    // Fixed 5 s: one read at 0 and one every 5 s until the decision, so the lag never reaches 5 s.
    expect(a.rows[0]?.lag_p95_s).toBeLessThan(5);
  });
});
