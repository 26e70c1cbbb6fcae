// Names, paths and server text are hostile: a raw ESC or C1 byte sets the terminal's title, clears the
// screen or forges output, and a bidi control reorders what the person reads. C0, DEL and C1 become \xNN;
// bidi embeddings, overrides, isolates and marks, and the line and paragraph separators become \u{…}.
// (\p{Cc} is exactly C0, DEL and C1.)
const UNSAFE = /[\p{Cc}\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/gu;

const escaped = (c: string): string => {
  const cp = c.charCodeAt(0);
  return cp < 0xa0 ? `\\x${cp.toString(16).padStart(2, '0')}` : `\\u{${cp.toString(16).toUpperCase()}}`;
};

/** `text` with every control and bidi character written out as an escape: safe to print on a terminal. */
export function printable(text: unknown): string {
  return String(text).replace(UNSAFE, escaped);
}

/** JSON.stringify with the characters JSON leaves raw written as \uXXXX: the same value, safe to print. */
export function printableJson(value: unknown): string {
  // JSON.stringify has escaped C0 already; DEL, C1 and the bidi controls it leaves raw inside strings.
  return (JSON.stringify(value) ?? 'null').replace(
    UNSAFE,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Whole output lines: what `printable` does, keeping the line breaks between lines and a leading \r
 * (a progress line redrawing itself). The last guard before the terminal.
 */
export function printableLines(text: string): string {
  const redraw = text.startsWith('\r');
  const body = (redraw ? text.slice(1) : text)
    .split('\n')
    .map((line) => printable(line))
    .join('\n');
  return redraw ? `\r${body}` : body;
}
