/** What the watchdog does on a tick. */
export type SilenceVerdict = 'ping' | 'unresponsive' | 'stopped';

/**
 * The watchdog's decision without timers or the DOM: how long a frame has been silent while the page was
 * visible. Times are `performance.now()` values passed in.
 */
export class SilenceClock {
  private lastPong: number;
  private fired = false;
  private heldUntil: number | undefined;

  constructor(
    private readonly timeoutMs: number,
    now: number,
  ) {
    this.lastPong = now;
  }

  /** The frame answered a ping. */
  pong(now: number): void {
    this.lastPong = now;
  }

  /** The page is visible again: time spent hidden does not count against the frame (timers were throttled). */
  resume(now: number): void {
    this.lastPong = now;
  }

  /**
   * The frame waits on a person (a native dialog blocks it): silence does not count until {@link release},
   * for at most `maxMs`. A hold already running is not extended.
   */
  hold(now: number, maxMs: number): void {
    if (this.heldUntil === undefined) this.heldUntil = now + maxMs;
  }

  /** The person answered: the timeout starts again from now. */
  release(now: number): void {
    if (this.heldUntil === undefined) return;
    this.heldUntil = undefined;
    this.lastPong = Math.max(this.lastPong, now);
  }

  /** Ping again, or `unresponsive` once silence passes the timeout; `stopped` ever after. */
  tick(now: number): SilenceVerdict {
    if (this.fired) return 'stopped';
    if (this.heldUntil !== undefined) {
      if (now <= this.heldUntil) return 'ping';
      // Held past its bound: the silence counts from the bound's end.
      this.lastPong = Math.max(this.lastPong, this.heldUntil);
      this.heldUntil = undefined;
    }
    if (now - this.lastPong <= this.timeoutMs) return 'ping';
    this.fired = true;
    return 'unresponsive';
  }

  /** Whether the frame was declared unresponsive. */
  get stopped(): boolean {
    return this.fired;
  }
}
