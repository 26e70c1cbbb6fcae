import { lineFlags, type ReviewFlag } from '../../validation/reviewFlags.ts';

/** A stretch of a line shown as a mark instead of as itself. */
export type LineMark = Omit<ReviewFlag, 'file' | 'line'>;

/**
 * One line cut around what it could hide, each piece a visible mark: a hidden character (it would
 * act or vanish) or a long run of blanks (it would push the code after it out of sight).
 */
export function splitFlagged(line: string): (string | LineMark)[] {
  const parts: (string | LineMark)[] = [];
  let at = 0;
  for (const f of lineFlags(line)) {
    const index = f.column - 1;
    if (f.kind === 'long_line' || index < at) continue;
    if (index > at) parts.push(line.slice(at, index));
    parts.push(f);
    at = index + f.length;
  }
  if (at < line.length) parts.push(line.slice(at));
  return parts;
}

/** The text a mark shows: `U+202E` for a hidden character, `800 spaces` for a blank run. */
export function markText(mark: LineMark): string {
  return mark.kind === 'hidden_character' ? (mark.label.split(' ')[0] ?? mark.label) : mark.label;
}

/** The mark's class: hidden characters and blank runs look different. */
export function markClass(mark: LineMark): string {
  return mark.kind === 'hidden_character' ? 'unsafe-char' : 'blank-run';
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Text as HTML: what a `<td>`'s innerHTML shows as written. */
export const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (ch) => ESCAPES[ch] ?? ch);

/**
 * Highlighted HTML of one line with each hidden character and long blank run replaced by a `<mark>`.
 * Both only occur in text between tags (highlight.js escapes the source and its tags hold single spaces).
 */
export function revealFlaggedHtml(html: string): string {
  return splitFlagged(html)
    .map((p) =>
      typeof p === 'string'
        ? p
        : `<mark class="${markClass(p)}" title="${escapeHtml(p.label)}">${escapeHtml(markText(p))}</mark>`,
    )
    .join('');
}
