import { useEffect, useRef, useState } from 'react';
import { armAfterShown, PROMPT_ARM_MS } from './armAfterShown.ts';

/**
 * False until a moment after the prompt shows, again each time the page is hidden and shown, and while
 * the person presses in a quick run (see {@link armAfterShown}). `isArmed` reads the value as of the
 * press being handled, before React renders it.
 */
export function useArmed(delayMs = PROMPT_ARM_MS): { armed: boolean; isArmed: () => boolean } {
  const [armed, setArmed] = useState(false);
  const now = useRef(false);
  useEffect(
    () =>
      armAfterShown((on) => {
        now.current = on;
        setArmed(on);
      }, delayMs),
    [delayMs],
  );
  return { armed, isArmed: () => now.current };
}
