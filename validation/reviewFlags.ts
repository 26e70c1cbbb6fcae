import { findUnsafeCharacters, UNSAFE_CHARS } from './unsafeCharacters.ts';

// A line longer than this is flagged: nobody reads 300 characters of one line on a card.
export const LONG_LINE = 300;
// Blank runs this long inside a line (or at its end) can push the code after them out of sight.
export const BLANK_RUN = 20;
// Indentation deeper than this is not formatting: real code stays well under 40 levels of two.
export const DEEP_INDENT = 80;

// Spaces, tabs and the other space separators (NBSP, em space, ideographic space…).
const BLANK = /[\t\p{Zs}]/gu;
// A run of blanks may have invisible characters in it (19 spaces, U+FE00, 19 spaces): they show no width.
const BLANKS_AND_INVISIBLE = new RegExp(`[\\t\\p{Zs}${UNSAFE_CHARS}]+`, 'gu');

/**
 * What the review card flags on a file. This module's scan (`reviewFlags`) finds the first three on any
 * text; `codeFlags.ts` reads JS and TS with Sucrase's tokenizer for what the code reaches for (`network`,
 * `dynamic_code`, `storage_key`) and for signs of obfuscation (`encoded_literal`, `unreadable_name`),
 * and says `unparsed` where Sucrase cannot read a file.
 */
export type ReviewFlagKind =
  | 'hidden_character'
  | 'blank_run'
  | 'long_line'
  | 'network'
  | 'dynamic_code'
  | 'storage_key'
  | 'encoded_literal'
  | 'unreadable_name'
  | 'unparsed';

/** One thing a reviewer could miss, by file and line. */
export interface ReviewFlag {
  file: string;
  /** 1-based line (split on `\n`, as the card numbers lines); 0 for the file's path. */
  line: number;
  kind: ReviewFlagKind;
  /** 1-based column in UTF-16 units where it starts (1 for a long line). */
  column: number;
  /** Characters it spans: the run's length, the line's length, the hidden character's UTF-16 length. */
  length: number;
  /**
   * `U+202E RIGHT-TO-LEFT OVERRIDE`, `800 spaces`, `812 characters`, `fetch`, `useStoredState("team")`,
   * `base64, 240 characters`. Text quoted from the code has its hidden characters written as `\u{…}`.
   */
  label: string;
}

/** The distinct `U+XXXX NAME` labels of the hidden characters in `text` (a name or a path). */
export function hiddenCharacterLabels(text: string): string[] {
  return [...new Set(findUnsafeCharacters(text).map((c) => c.label))];
}

function blankLabel(run: string): string {
  const n = [...run].length;
  if (/^ +$/.test(run)) return `${n} spaces`;
  if (/^\t+$/.test(run)) return `${n} tabs`;
  return `${n} blank characters`;
}

/** The flags of one line of code (without its line feed), `file` and `line` left to the caller. */
export function lineFlags(text: string): Omit<ReviewFlag, 'file' | 'line'>[] {
  const found: Omit<ReviewFlag, 'file' | 'line'>[] = [];
  if (text.length > LONG_LINE)
    found.push({ kind: 'long_line', column: 1, length: text.length, label: `${text.length} characters` });
  for (const c of findUnsafeCharacters(text, { code: true }))
    found.push({ kind: 'hidden_character', column: c.column, length: c.char.length, label: c.label });
  for (const m of text.matchAll(BLANKS_AND_INVISIBLE)) {
    const blanks = [...m[0].matchAll(BLANK)];
    const first = blanks[0]?.index;
    const last = blanks.at(-1)?.index;
    if (first === undefined || last === undefined) continue;
    // Blanks are all in the BMP: one UTF-16 unit each.
    const [start, end] = [m.index + first, m.index + last + 1];
    const run = blanks.map((b) => b[0]).join('');
    const leading = m.index === 0 && m[0].length < text.length;
    if (run.length >= (leading ? DEEP_INDENT : BLANK_RUN)) {
      const trailing = m.index + m[0].length === text.length;
      const label = `${blankLabel(run)}${trailing ? ' at the end' : ''}`;
      found.push({ kind: 'blank_run', column: start + 1, length: end - start, label });
    }
  }
  return found.sort((a, b) => a.column - b.column);
}

/** Every flag of one file: hidden characters in its path (line 0), then line by line. */
export function fileReviewFlags(file: string, code: string): ReviewFlag[] {
  const flags: ReviewFlag[] = hiddenCharacterLabels(file).map((label) => ({
    file,
    line: 0,
    kind: 'hidden_character',
    column: 1,
    length: 1,
    label,
  }));
  code.split('\n').forEach((text, i) => {
    for (const f of lineFlags(text)) flags.push({ file, line: i + 1, ...f });
  });
  return flags;
}

/** Every flag of a proposal's files, by file (in the order given) and line. */
export function reviewFlags(files: Record<string, string>): ReviewFlag[] {
  return Object.entries(files).flatMap(([file, code]) => fileReviewFlags(file, code));
}
