import { SilenceClock } from './SilenceClock.ts';

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
  private readonly silence: SilenceClock;
  private nextId = 1;

  constructor(private readonly opts: WatchdogOptions) {
    this.silence = new SilenceClock(opts.timeoutMs ?? 3000, performance.now());
    document.addEventListener('visibilitychange', this.onVisibility);
    this.onVisibility();
  }

  pong(): void {
    this.silence.pong(performance.now());
  }

  /** The frame shows a native dialog: its silence is the person's, for at most `maxMs`. */
  hold(maxMs: number): void {
    this.silence.hold(performance.now(), maxMs);
  }

  /** The dialog closed. */
  release(): void {
    this.silence.release(performance.now());
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    document.removeEventListener('visibilitychange', this.onVisibility);
  }

  private readonly onVisibility = () => {
    clearInterval(this.timer);
    this.timer = undefined;
    if (document.visibilityState === 'hidden' || this.silence.stopped) return;
    this.silence.resume(performance.now());
    this.timer = setInterval(this.tick, this.opts.intervalMs ?? 500);
  };

  private readonly tick = () => {
    const verdict = this.silence.tick(performance.now());
    if (verdict === 'ping') this.opts.ping(this.nextId++);
    else if (verdict === 'unresponsive') {
      this.stop();
      this.opts.onUnresponsive();
    }
  };
}
