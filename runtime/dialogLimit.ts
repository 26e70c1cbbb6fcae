import type { DialogPhase } from './protocol.ts';

/** Bounds on the browser's own dialogs (`alert`, `confirm`, `prompt`), kept by the frame and checked again by the host. */
export const DIALOG_LIMIT = {
  /**
   * Dialogs the frame shows per click or key press of the person, and within {@link DIALOG_LIMIT.windowMs}
   * without a new one; the next one is a flood.
   */
  count: 3,
  windowMs: 10_000,
  /**
   * Dialogs the host believes within {@link DIALOG_LIMIT.windowMs}: it cannot see the person's clicks in the
   * frame, so it allows a person's pace (a click and an answer each) and no more, one dialog open at a time.
   */
  hostCount: 10,
  /** How long the watchdog waits on one dialog for the person: past it the frame counts as hung. */
  waitMs: 180_000,
} as const;

/**
 * Counts one frame's dialogs: past the limit within the window (since the person's last click or key press,
 * in the frame) the frame is flooding, and stays so for its life (a dialog blocks the whole tab, so a
 * nagging app is cut, not slowed).
 */
export class DialogCount {
  private readonly times: number[] = [];
  private cut = false;
  private told = false;
  private showing = false;

  constructor(private readonly limit: number = DIALOG_LIMIT.count) {}

  /** Counts a dialog at `now` (ms): false once it is past the limit, and ever after. */
  allow(now: number): boolean {
    if (this.cut) return false;
    while (this.times.length > 0 && now - (this.times[0] as number) >= DIALOG_LIMIT.windowMs)
      this.times.shift();
    this.times.push(now);
    if (this.times.length > this.limit) this.cut = true;
    return !this.cut;
  }

  /** The person clicked or pressed a key in the app: the dialogs before it were asked for, the count restarts. */
  gesture(): void {
    this.times.length = 0;
  }

  /**
   * The host's count of a dialog the frame says it opened: a native dialog blocks its page, so one claimed
   * while another is still open is a lie, and cuts as a flood does.
   */
  opened(now: number): boolean {
    if (this.showing) this.cut = true;
    this.showing = true;
    return this.allow(now);
  }

  /** The frame says its dialog closed. */
  closed(): void {
    this.showing = false;
  }

  /**
   * The host's reading of a frame's dialog report: `cut` once, the first time the frame (by its word or
   * by this count) is past the limit, and `over` for every report after that.
   */
  report(phase: DialogPhase, now: number): 'open' | 'closed' | 'cut' | 'over' {
    if (phase === 'closed') {
      this.closed();
      return 'closed';
    }
    if (phase === 'open' && this.opened(now)) return 'open';
    this.cut = true;
    if (this.told) return 'over';
    this.told = true;
    return 'cut';
  }

  get flooded(): boolean {
    return this.cut;
  }
}
