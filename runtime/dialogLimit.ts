/** Bounds on the browser's own dialogs (`alert`, `confirm`, `prompt`), kept by the frame and checked again by the host. */
export const DIALOG_LIMIT = {
  /** Dialogs one frame may show within {@link DIALOG_LIMIT.windowMs}; the next one is a flood. */
  count: 3,
  windowMs: 10_000,
  /** How long the watchdog waits on one dialog for the person: past it the frame counts as hung. */
  waitMs: 180_000,
} as const;

/**
 * Counts one frame's dialogs: past {@link DIALOG_LIMIT} within its window the frame is flooding, and stays
 * so for its life (a dialog blocks the whole tab, so a nagging app is cut, not slowed).
 */
export class DialogCount {
  private readonly times: number[] = [];
  private cut = false;

  /** Counts a dialog at `now` (ms): false once it is past the limit, and ever after. */
  allow(now: number): boolean {
    if (this.cut) return false;
    while (this.times.length > 0 && now - (this.times[0] as number) >= DIALOG_LIMIT.windowMs)
      this.times.shift();
    this.times.push(now);
    if (this.times.length > DIALOG_LIMIT.count) this.cut = true;
    return !this.cut;
  }

  get flooded(): boolean {
    return this.cut;
  }
}
