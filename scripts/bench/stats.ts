/** Percentile by nearest rank over a copy of the samples (p in 0..100). */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export const median = (samples: number[]) => percentile(samples, 50);

export const sum = (samples: number[]) => samples.reduce((a, b) => a + b, 0);

/** Rounds for reports: two decimals under 10, one under 100, none above. */
export function round(n: number): number {
  if (!Number.isFinite(n)) return n;
  const digits = Math.abs(n) < 10 ? 2 : Math.abs(n) < 100 ? 1 : 0;
  return Number(n.toFixed(digits));
}
