/** Options for {@link Watchdog}. */
export interface WatchdogOptions {
  /** Sends one ping carrying `id`. */
  ping: (id: number) => void;
  /** Called once when no pong has arrived for `timeoutMs` of visible time. */
  onUnresponsive: () => void;
  intervalMs?: number;
  timeoutMs?: number;
}

/**
 * Pings a frame and declares it unresponsive after ~3 s of silence. Paused while the page is hidden:
 * browsers throttle hidden pages' timers, which would look like a hung frame.
 */
export class Watchdog {
  private timer: ReturnType<typeof setInterval> | undefined;
  private lastPong = performance.now();
  private nextId = 1;
  private fired = false;

  constructor(private readonly opts: WatchdogOptions) {
    document.addEventListener('visibilitychange', this.onVisibility);
    this.onVisibility();
  }

  pong(): void {
    this.lastPong = performance.now();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    document.removeEventListener('visibilitychange', this.onVisibility);
  }

  private readonly onVisibility = () => {
    clearInterval(this.timer);
    this.timer = undefined;
    if (document.visibilityState === 'hidden' || this.fired) return;
    // Time spent hidden does not count against the frame.
    this.lastPong = performance.now();
    this.timer = setInterval(this.tick, this.opts.intervalMs ?? 500);
  };

  private readonly tick = () => {
    if (performance.now() - this.lastPong > (this.opts.timeoutMs ?? 3000)) {
      this.fired = true;
      this.stop();
      this.opts.onUnresponsive();
      return;
    }
    this.opts.ping(this.nextId++);
  };
}
