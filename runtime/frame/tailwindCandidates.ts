/** Bounds on the scan: a hostile app's files cannot make the compiler's input unbounded. */
export const CANDIDATE_LIMITS = { bytes: 2 * 2 ** 20, tokens: 20_000, length: 160 } as const;

const SCANNED = /\.(tsx?|jsx?|mjs|cjs|html)$/;
// Split where no class name has a character: quotes, whitespace, JSX and template punctuation. Brackets
// and parentheses stay inside a token, for arbitrary values (`p-[13px]`, `bg-(--brand)`).
const SEPARATORS = /[\s"'`<>{};=\\]+/;
// A class-like token: an optional `!`/`-`, then a letter, `@`, `[` or `*` (variants, arbitrary properties).
const CLASS_LIKE = /^[!-]?[a-z@[*][\w\-:/.[\]()%#,!*@&+>~^$|]*$/i;

/**
 * Class-like tokens in the app's code (and public/index.html): what Tailwind's `build()` gets as
 * candidates. It ignores the ones that are no utility, so over-collecting is safe; the scan stops at
 * `CANDIDATE_LIMITS` bytes and tokens.
 */
export function tailwindCandidates(files: Record<string, string>): string[] {
  const found = new Set<string>();
  let bytes = 0;
  for (const path of Object.keys(files).sort()) {
    if (!SCANNED.test(path)) continue;
    const text = (files[path] as string).slice(0, CANDIDATE_LIMITS.bytes - bytes);
    bytes += text.length;
    for (const token of text.split(SEPARATORS)) {
      if (token.length === 0 || token.length > CANDIDATE_LIMITS.length || !CLASS_LIKE.test(token)) continue;
      found.add(token);
      if (found.size >= CANDIDATE_LIMITS.tokens) return [...found];
    }
    if (bytes >= CANDIDATE_LIMITS.bytes) break;
  }
  return [...found];
}
