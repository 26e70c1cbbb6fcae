import { findUnsafeCharacters, type UnsafeCharacter } from '../../validation/unsafeCharacters.ts';

/** Hidden characters of one line of a file, as the card lists them. */
export interface FlaggedLine {
  line: number;
  labels: string[];
}

/** The distinct `U+XXXX NAME` labels of the hidden characters in `text` (a name or a path). */
export function unsafeLabels(text: string): string[] {
  return [...new Set(findUnsafeCharacters(text).map((c) => c.label))];
}

/** The lines of `code` holding hidden characters, each with the distinct labels found on it. */
export function flaggedLines(code: string): FlaggedLine[] {
  const byLine = new Map<number, Set<string>>();
  for (const c of findUnsafeCharacters(code, { code: true })) {
    const labels = byLine.get(c.line) ?? new Set<string>();
    labels.add(c.label);
    byLine.set(c.line, labels);
  }
  return [...byLine].map(([line, labels]) => ({ line, labels: [...labels] }));
}

/** One line cut around its hidden characters, so each shows as a visible marker instead of acting. */
export function splitUnsafe(line: string): (string | UnsafeCharacter)[] {
  const parts: (string | UnsafeCharacter)[] = [];
  let at = 0;
  for (const c of findUnsafeCharacters(line, { code: true })) {
    const index = c.column - 1;
    if (index > at) parts.push(line.slice(at, index));
    parts.push(c);
    at = index + c.char.length;
  }
  if (at < line.length) parts.push(line.slice(at));
  return parts;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Highlighted HTML of one line with each hidden character replaced by a visible `<mark>`. */
export function revealUnsafeHtml(html: string): string {
  return splitUnsafe(html)
    .map((p) =>
      typeof p === 'string'
        ? p
        : `<mark class="unsafe-char" title="${p.label.replace(/[&<>"]/g, (ch) => ESCAPES[ch] ?? ch)}">${p.label.split(' ')[0]}</mark>`,
    )
    .join('');
}
