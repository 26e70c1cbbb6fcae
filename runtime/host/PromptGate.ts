import { CodedError } from '../../validation/errorCodes.ts';
import type { SdkErrorCode } from '../protocol.ts';
import type { FrameIdentity } from './frameIdentity.ts';

/** One kind of prompt an app may ask for (a save; later a link, a clipboard read, a dialog). */
export interface PromptKind {
  /** What the person is asked to do, for error messages: "save a file". */
  action: string;
  /** The code an app gets when the prompt is not shown or the person says no. */
  refused: SdkErrorCode;
  /** Asks of this kind one app may make a minute (shown or not); more answer `too_many_requests`. */
  perMinute: number;
  /** A prompt nobody answers is refused after this long: nothing waits forever. */
  timeoutMs: number;
}

export interface PromptGateOptions {
  /** Is this app on screen for a person now (its tab selected, the page visible)? */
  isShown: (who: FrameIdentity) => boolean;
  /** Did the person just click or press a key in this app's frame (the browser's transient activation)? */
  hasGesture: (who: FrameIdentity) => boolean;
  now?: () => number;
  /** How long a gesture may take to reach the launcher after the app's ask (default {@link GESTURE_GRACE_MS}). */
  gestureGraceMs?: number;
}

/**
 * A click in a frame reaches the launcher's process (its activation, the frame's focus) through the
 * browser, and can arrive a little after a message the app sent from that click: the gate looks again
 * for this long before refusing.
 */
export const GESTURE_GRACE_MS = 300;

/**
 * Who may put a prompt before the person, for every kind of prompt: only the app on screen, only right
 * after a gesture of the person in its frame, one prompt at a time, a few a minute per app and kind.
 * The prompt itself (see `PromptDialog`) makes sure the page cannot answer it for the person.
 */
export class PromptGate {
  private prompting = false;
  private readonly recent = new Map<string, number[]>();

  constructor(private readonly opts: PromptGateOptions) {}

  /**
   * Shows a prompt through `show` if `who` may ask now and resolves to its answer; refuses with a
   * CodedError otherwise. `show` is aborted when nobody answers within the kind's timeout.
   */
  async ask<T>(who: FrameIdentity, kind: PromptKind, show: (signal: AbortSignal) => Promise<T>): Promise<T> {
    // Checked before anything else: an ask that could prompt counts against the rate, refused or not.
    this.count(who, kind);
    if (this.prompting)
      throw new CodedError(
        'too_many_requests',
        'Another prompt is waiting for the person: try again after it',
      );
    if (!this.opts.isShown(who))
      throw new CodedError(kind.refused, `Only the app on screen may ask the person to ${kind.action}`);
    // Taken before the gesture check waits: asks arriving meanwhile are refused, not prompted too.
    this.prompting = true;
    const timeout = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      // The gesture is checked as the ask arrives, so a page cannot save one up for later.
      if (!(await this.gestured(who)))
        throw new CodedError(
          kind.refused,
          `An app may ask the person to ${kind.action} only right after they click or press a key in it (call it from an onClick or onKeyDown handler)`,
        );
      timer = setTimeout(() => timeout.abort(), kind.timeoutMs);
      const answer = await show(timeout.signal);
      if (timeout.signal.aborted) throw new CodedError(kind.refused, 'Nobody answered the prompt in time');
      return answer;
    } finally {
      clearTimeout(timer);
      this.prompting = false;
    }
  }

  /**
   * Runs `act` for `who` under the same rules but with nothing put before the person (a copy): it neither
   * waits for nor holds the one prompt; refuses with a CodedError otherwise.
   */
  async unprompted<T>(who: FrameIdentity, kind: PromptKind, act: () => Promise<T>): Promise<T> {
    this.count(who, kind);
    if (!this.opts.isShown(who))
      throw new CodedError(kind.refused, `Only the app on screen may ${kind.action}`);
    if (!(await this.gestured(who)))
      throw new CodedError(
        kind.refused,
        `An app may ${kind.action} only right after the person clicks or presses a key in it (call it from an onClick or onKeyDown handler)`,
      );
    return act();
  }

  private async gestured(who: FrameIdentity): Promise<boolean> {
    const until = Date.now() + (this.opts.gestureGraceMs ?? GESTURE_GRACE_MS);
    while (!this.opts.hasGesture(who)) {
      if (Date.now() >= until) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return true;
  }

  private count(who: FrameIdentity, kind: PromptKind): void {
    const key = JSON.stringify([who.roomId, who.appId, kind.action]);
    const now = (this.opts.now ?? Date.now)();
    const times = (this.recent.get(key) ?? []).filter((t) => now - t < 60_000);
    const over = times.length >= kind.perMinute;
    if (!over) times.push(now);
    this.recent.set(key, times);
    if (over)
      throw new CodedError(
        'too_many_requests',
        `At most ${kind.perMinute} asks to ${kind.action} a minute: try again later`,
      );
  }
}
