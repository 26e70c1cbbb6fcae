import { type Limiter, rateLimited } from '../domain/RateLimiter.ts';
import type { Db } from './sqlEvents.ts';

/**
 * The proposal rate limit in the database, so every server on it counts the same budget: fixed windows
 * aligned to `windowMs`, one row per key and window, bumped only while under `max` (one statement).
 */
export class SqlRateLimiter implements Limiter {
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  async hit(key: string, now: number): Promise<void> {
    const start = this.windowOf(now);
    await this.prune(now);
    const row = await this.db
      .insertInto('rate_windows')
      .values({ key, window_start: start, count: 1 })
      .onConflict((oc) =>
        oc
          .columns(['key', 'window_start'])
          .doUpdateSet((eb) => ({ count: eb('rate_windows.count', '+', 1) }))
          .where('rate_windows.count', '<', this.max),
      )
      .returning('count')
      .executeTakeFirst();
    if (!row) throw rateLimited(this.max, this.windowMs, start + this.windowMs - now);
  }

  async release(key: string, hitAt: number): Promise<void> {
    await this.db
      .updateTable('rate_windows')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', key)
      .where('window_start', '=', this.windowOf(hitAt))
      .where('count', '>', 0)
      .execute();
  }

  private windowOf(at: number): number {
    return Math.floor(at / this.windowMs) * this.windowMs;
  }

  // Past windows count nothing: dropped at most once a window, by whichever server gets there.
  private async prune(now: number): Promise<void> {
    if (now - this.lastPrune < this.windowMs) return;
    this.lastPrune = now;
    await this.db.deleteFrom('rate_windows').where('window_start', '<', this.windowOf(now)).execute();
  }
}
