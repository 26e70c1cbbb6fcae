/**
 * How long a prompt's buttons ignore the person after it appears, after the page shows again, and after
 * each press that came within this long of the one before (Chromium's InputEventActivationProtector uses
 * the double-click interval, 500 ms, the same way for its own prompts).
 */
export const PROMPT_ARM_MS = 500;

/** What the timer reads of the page (a test passes its own). */
export interface ArmPage {
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  requestAnimationFrame: (cb: () => void) => number;
  cancelAnimationFrame: (handle: number) => void;
}

/**
 * Calls `onChange(true)` `delayMs` after the next paint, and `onChange(false)` the moment the page is
 * hidden or a press (pointer down, key down, anywhere on the page) comes while the buttons are off or
 * within `delayMs` of the press before, arming again `delayMs` after that: a run of taps or keys meant
 * for the app never carries on into the prompt; the person must pause first. `onChange(false)` is called
 * before the press reaches its target, so a button reading the last value ignores it. Returns the stop
 * function.
 */
export function armAfterShown(
  onChange: (armed: boolean) => void,
  delayMs = PROMPT_ARM_MS,
  page: ArmPage = window,
): () => void {
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let armed = false;
  let lastPress = Number.NEGATIVE_INFINITY;
  const set = (on: boolean) => {
    armed = on;
    onChange(on);
  };
  const arm = () => {
    set(false);
    page.cancelAnimationFrame(frame);
    clearTimeout(timer);
    if (page.document.visibilityState !== 'visible') return;
    // Counted from the paint that shows the buttons, not from the render that asked for it.
    frame = page.requestAnimationFrame(() => {
      timer = setTimeout(() => set(true), delayMs);
    });
  };
  const press = () => {
    const now = Date.now();
    // A press after a pause while armed goes through; it still counts as the last press.
    if (!armed || now - lastPress < delayMs) arm();
    lastPress = now;
  };
  arm();
  page.document.addEventListener('visibilitychange', arm);
  // Capture, so the state changes before the button under the press sees it.
  page.document.addEventListener('pointerdown', press, { capture: true });
  page.document.addEventListener('keydown', press, { capture: true });
  return () => {
    page.cancelAnimationFrame(frame);
    clearTimeout(timer);
    page.document.removeEventListener('visibilitychange', arm);
    page.document.removeEventListener('pointerdown', press, { capture: true });
    page.document.removeEventListener('keydown', press, { capture: true });
  };
}
