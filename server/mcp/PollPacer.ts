import { CodedError } from '../../validation/errorCodes.ts';

const GRACE_MS = 500;

/** Remembers when each poller may poll again and answers `slow_down` to those who come too fast. */
export class PollPacer {
  private readonly nextAllowed = new Map<string, number>();

  check(key: string, now: number): void {
    const allowed = this.nextAllowed.get(key);
    if (allowed !== undefined && now < allowed - GRACE_MS) {
      throw new CodedError(
        'slow_down',
        `Polling too fast: wait ${allowed - now} ms (poll_after_ms) or use wait_ms`,
        {
          retry_after_ms: allowed - now,
        },
      );
    }
  }

  record(key: string, now: number, pollAfterMs: number): void {
    this.nextAllowed.set(key, now + pollAfterMs);
    if (this.nextAllowed.size > 10_000) {
      for (const [k, t] of this.nextAllowed) if (t < now) this.nextAllowed.delete(k);
    }
  }
}
