import { REACH_GLOBALS, reachFlags } from './codeReach.ts';
import { tokenize } from './codeTokens.ts';
import { encodedRuns, obfuscationFlags } from './obfuscationFlags.ts';
import { quoteCode } from './quoteCode.ts';
import { type ReviewFlag, reviewFlags } from './reviewFlags.ts';
import { storageFlags } from './storageKeys.ts';

// Where Sucrase cannot read a file, the names it would have looked for, as plain words.
const WORDS =
  /\b(fetch|XMLHttpRequest|WebSocket|EventSource|RTCPeerConnection|WebTransport|sendBeacon|eval|Function)\b/g;

const byPlace = (a: ReviewFlag, b: ReviewFlag) => a.line - b.line || a.column - b.column;

// Line by line, without tokens: encoded runs anywhere, and with `words` the names above.
function textFlags(file: string, code: string, words: boolean): ReviewFlag[] {
  return code.split('\n').flatMap((text, i) => [
    ...encodedRuns(text).map(
      (r): ReviewFlag => ({
        file,
        line: i + 1,
        kind: 'encoded_literal',
        column: r.index + 1,
        length: r.length,
        label: r.label,
      }),
    ),
    ...(words ? [...text.matchAll(WORDS)] : []).map((m): ReviewFlag => {
      const kind = m[0] === 'eval' || m[0] === 'Function' ? 'dynamic_code' : 'network';
      return {
        file,
        line: i + 1,
        kind,
        column: m.index + 1,
        length: m[0].length,
        label: `${m[0]} (as text)`,
      };
    }),
  ]);
}

/**
 * What one file's code reaches for and its signs of obfuscation, by line: JS and TS read with Sucrase's
 * tokenizer; a file Sucrase cannot read gets an `unparsed` flag and a plain-text search; any other file
 * (JSON, CSS…) is searched for encoded runs only.
 */
export function codeFlags(file: string, code: string): ReviewFlag[] {
  const c = tokenize(file, code, REACH_GLOBALS);
  if (!c) return textFlags(file, code, false);
  if ('message' in c) {
    const label = `Sucrase cannot read it: ${quoteCode(c.message, 80)}; searched as text`;
    const unparsed: ReviewFlag = { file, line: c.line, kind: 'unparsed', column: c.column, length: 1, label };
    return [unparsed, ...textFlags(file, code, true)].sort(byPlace);
  }
  return [...reachFlags(c), ...storageFlags(c), ...obfuscationFlags(c)]
    .map((f) => ({ file, ...f }))
    .sort(byPlace);
}

/** Every flag of a proposal's files (`reviewFlags` and `codeFlags`), by file in the order given, then line. */
export function allReviewFlags(files: Record<string, string>): ReviewFlag[] {
  return Object.entries(files).flatMap(([file, code]) =>
    [...reviewFlags({ [file]: code }), ...codeFlags(file, code)].sort(byPlace),
  );
}
