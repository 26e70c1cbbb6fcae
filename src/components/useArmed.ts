import { useEffect, useState } from 'react';
import { armAfterShown, PROMPT_ARM_MS } from './armAfterShown.ts';

/** False until a moment after the prompt shows, and again each time the page is hidden and shown. */
export function useArmed(delayMs = PROMPT_ARM_MS): boolean {
  const [armed, setArmed] = useState(false);
  useEffect(() => armAfterShown(setArmed, delayMs), [delayMs]);
  return armed;
}
