/** How deep a package file's brackets and braces may nest: esbuild's parser recurses once a level. */
export const MAX_NESTING = 1_000;

const OPEN = new Set([0x28, 0x5b, 0x7b]); // ( [ {
const CLOSE = new Set([0x29, 0x5d, 0x7d]); // ) ] }

/**
 * Whether `bytes` nest `(`, `[` and `{` past `max`, counted over the raw text, strings and comments
 * included: a real file rarely passes a few dozen, and a false refusal at 1,000 is accepted.
 */
export function nestsPast(bytes: Uint8Array, max: number = MAX_NESTING): boolean {
  let depth = 0;
  for (const b of bytes) {
    if (OPEN.has(b)) {
      if (++depth > max) return true;
    } else if (CLOSE.has(b) && depth > 0) depth -= 1;
  }
  return false;
}
