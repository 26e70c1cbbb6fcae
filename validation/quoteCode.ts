import { UNSAFE_CHARS } from './unsafeCharacters.ts';

const UNSAFE = new RegExp(`[${UNSAFE_CHARS}]`, 'gu');

/**
 * Text quoted from a proposal's code, safe inside a label: hidden and direction-changing characters
 * written as `\u{…}` (the flag beside it names them), line breaks as one space, at most `max` characters.
 */
export function quoteCode(text: string, max = 60): string {
  const shown = text.replace(/\s*\n\s*/g, ' ').replace(UNSAFE, (c) => {
    const cp = c.codePointAt(0) ?? 0;
    return `\\u{${cp.toString(16).toUpperCase()}}`;
  });
  const chars = [...shown];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : shown;
}
