import type { WireError } from './errorCodes.ts';
import { findUnsafeCharacters } from './unsafeCharacters.ts';

export { findUnsafeCharacters, type UnsafeCharacter } from './unsafeCharacters.ts';

/** Why `ch` is refused, for the message. */
export function describeForbiddenChar(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) || cp === 0x200e || cp === 0x200f)
    return `a bidi control (${hex})`;
  if (/\p{Cc}/u.test(ch)) return `a control character (${hex})`;
  return `an invisible character (${hex})`;
}

/** The first forbidden character in `text` (emoji joiners excepted), or undefined. */
export function findForbiddenChar(text: string): string | undefined {
  return findUnsafeCharacters(text)[0]?.char;
}

/**
 * Rule 4: a name is non-empty, has no control, bidi-override or invisible characters, and no spaces at
 * its ends or two in a row (shown, they read as one name: "Notes " as "Notes").
 */
export function checkName(name: unknown): WireError | undefined {
  if (typeof name !== 'string') return { code: 'invalid_name', message: 'name must be a string' };
  if (!name.trim()) return { code: 'invalid_name', message: 'name must not be empty or only spaces' };
  const bad = findForbiddenChar(name);
  if (bad !== undefined)
    return {
      code: 'invalid_name',
      message: `name contains ${describeForbiddenChar(bad)}; use visible characters only`,
      detail: { code_point: bad.codePointAt(0) },
    };
  if (name !== name.trim())
    return { code: 'invalid_name', message: 'name must not start or end with a space; remove it' };
  if (/\s{2,}/u.test(name))
    return { code: 'invalid_name', message: 'name must not have two spaces in a row; use one' };
  return undefined;
}
