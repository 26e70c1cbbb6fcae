import { CodedError } from '../../validation/errorCodes.ts';

/** Counts hits per key; `hit` throws `rate_limited` over the limit. In-process here, shared in SqlRateLimiter. */
export interface Limiter {
  hit(key: string, now: number): void | Promise<void>;
  release(key: string, hitAt: number): void | Promise<void>;
}

export function rateLimited(max: number, windowMs: number, retryAfterMs: number): CodedError {
  return new CodedError(
    'rate_limited',
    `Too many proposals: at most ${max} per ${windowMs / 1000} s; retry in ${Math.ceil(retryAfterMs / 1000)} s`,
    { retry_after_ms: retryAfterMs },
  );
}

/** A fixed window per key: at most `max` hits each `windowMs`. */
export class RateLimiter implements Limiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit for `key`; throws `rate_limited` with the wait when over the limit. */
  hit(key: string, now: number): void {
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
      if (this.windows.size > 10_000) this.prune(now);
    }
    if (w.count >= this.max) {
      const retryAfterMs = w.start + this.windowMs - now;
      throw rateLimited(this.max, this.windowMs, retryAfterMs);
    }
    w.count++;
  }

  /**
   * Gives back a hit made at `hitAt` that created nothing (a lost race on an idempotency key, a failed
   * write); a window that began after it never counted it.
   */
  release(key: string, hitAt: number): void {
    const w = this.windows.get(key);
    if (w && w.count > 0 && w.start <= hitAt) w.count--;
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}
