/** How long a prompt's buttons ignore the person after it appears or the page shows again (as browsers' permission prompts do). */
export const PROMPT_ARM_MS = 500;

/** What the timer reads of the page (a test passes its own). */
export interface ArmPage {
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  requestAnimationFrame: (cb: () => void) => number;
  cancelAnimationFrame: (handle: number) => void;
}

/**
 * Calls `onChange(true)` `delayMs` after the next paint, and `onChange(false)` the moment the page is
 * hidden, arming again `delayMs` after it shows again: a click or key meant for what was there before
 * cannot land on a button. Returns the stop function.
 */
export function armAfterShown(
  onChange: (armed: boolean) => void,
  delayMs = PROMPT_ARM_MS,
  page: ArmPage = window,
): () => void {
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    onChange(false);
    page.cancelAnimationFrame(frame);
    clearTimeout(timer);
    if (page.document.visibilityState !== 'visible') return;
    // Counted from the paint that shows the buttons, not from the render that asked for it.
    frame = page.requestAnimationFrame(() => {
      timer = setTimeout(() => onChange(true), delayMs);
    });
  };
  arm();
  page.document.addEventListener('visibilitychange', arm);
  return () => {
    page.cancelAnimationFrame(frame);
    clearTimeout(timer);
    page.document.removeEventListener('visibilitychange', arm);
  };
}
