import { useEffect, useState } from 'react';

/** How long a prompt's buttons ignore the person after it appears or the page shows again (as browsers' permission prompts do). */
export const PROMPT_ARM_MS = 500;

/**
 * False until `delayMs` after the first paint, and again from the moment the page is hidden until
 * `delayMs` after it shows again: a click or key meant for what was there before cannot land on a button.
 */
export function useArmed(delayMs = PROMPT_ARM_MS): boolean {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      setArmed(false);
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      if (document.visibilityState !== 'visible') return;
      // Counted from the paint that shows the buttons, not from the render that asked for it.
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => setArmed(true), delayMs);
      });
    };
    arm();
    document.addEventListener('visibilitychange', arm);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', arm);
    };
  }, [delayMs]);
  return armed;
}
