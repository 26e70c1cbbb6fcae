import { type CSSProperties, memo } from 'react';
import { escapeHtml, markClass, markText, revealFlaggedHtml, splitFlagged } from './unsafeChars.ts';

// Lines at most this wide (in characters, a tab as 8, a wide character as 2) share one table row: so
// narrow they fit a 360 px screen unwrapped, beside their numbers; a narrower box wraps them, hiding nothing.
export const NARROW_LINE = 24;
// Printable ASCII, then scripts whose characters are at most two columns wide in a monospace font.
const ONE_COLUMN = /^[\x20-\x7e]$/;
const TWO_COLUMNS = /^[\u00a0-\u02ff\u0370-\u04ff\u3000-\u30ff\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]$/;

/**
 * Whether a line can share a row with its neighbours: short enough never to need wrapping. A `flagged`
 * line counts each mark ("U+202E", "20 spaces") as its text and two columns of padding.
 */
export function isNarrow(line: string, flagged = false): boolean {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  let width = 0;
  for (const part of flagged ? splitFlagged(text) : [text]) {
    if (typeof part !== 'string') width += markText(part).length + 2;
    else
      for (const ch of part) {
        width += ch === '\t' ? 8 : ONE_COLUMN.test(ch) ? 1 : TWO_COLUMNS.test(ch) ? 2 : NARROW_LINE + 1;
        if (width > NARROW_LINE) return false;
      }
    if (width > NARROW_LINE) return false;
  }
  return true;
}

/**
 * A block of numbered lines: plain text until its highlighted HTML arrives. Runs of narrow lines share
 * one row (one text node for their numbers, one for their code), so a file of 60,000 short lines costs
 * a few hundred rows, not 60,000; a wider or linked-to (`pinned`) line has its own row, where it wraps. Hidden characters and long blank runs show as marks, so a bidi override cannot reorder what
 * the reviewer reads and 800 spaces cannot push code out of sight. Memoised: highlighting one block
 * re-renders only that block.
 */
export const CodeLines = memo(function CodeLines({
  start,
  lines,
  html,
  marked,
  pinned,
  anchor,
  lazy,
}: {
  /** 0-based index of the block's first line. */
  start: number;
  lines: string[];
  html: string[] | undefined;
  marked: Set<number>;
  /** Lines a link points at: each gets its own row, with its id. */
  pinned: Set<number>;
  /** The rows' id prefix (`fileAnchor`): line n is `${anchor}L${n}`, a link target. */
  anchor?: string;
  /** Laid out only near the screen (every block but a file's first). */
  lazy: boolean;
}) {
  const alone = (i: number) => {
    const n = start + i + 1;
    return pinned.has(n) || !isNarrow(lines[i] as string, marked.has(n));
  };
  const rows: { from: number; to: number; run: boolean }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const last = rows.at(-1);
    if (alone(i)) rows.push({ from: i, to: i + 1, run: false });
    else if (last?.run) last.to = i + 1;
    else rows.push({ from: i, to: i + 1, run: true });
  }
  return (
    // Its own table in a box the browser lays out only near the screen: 128,000 lines cost no freeze.
    <div
      className={lazy ? 'code-block lazy' : 'code-block'}
      style={{ '--lines': lines.length } as CSSProperties}
    >
      <table className="code-table">
        <tbody>
          {rows.map(({ from, to, run }) => {
            const n = start + from + 1;
            if (run)
              return (
                <Run
                  key={n}
                  n={n}
                  lines={lines.slice(from, to)}
                  html={html?.slice(from, to)}
                  marked={marked}
                />
              );
            const line = lines[from] as string;
            const lit = html?.[from];
            return (
              <tr key={n} id={anchor ? `${anchor}L${n}` : undefined} tabIndex={anchor ? -1 : undefined}>
                <td className={marked.has(n) ? 'line-no flagged' : 'line-no'}>{n}</td>
                {lit !== undefined ? (
                  <td
                    className="line hljs"
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js output, the source escaped
                    dangerouslySetInnerHTML={{ __html: marked.has(n) ? revealFlaggedHtml(lit) : lit }}
                  />
                ) : (
                  <td className="line">
                    {marked.has(n)
                      ? splitFlagged(line).map((p, k) =>
                          typeof p === 'string' ? (
                            p
                          ) : (
                            // biome-ignore lint/suspicious/noArrayIndexKey: parts of one line, never reordered
                            <mark key={k} className={markClass(p)} title={p.label}>
                              {markText(p)}
                            </mark>
                          ),
                        )
                      : line}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});

// Narrow lines from line `n` in one row: their numbers and their code each one text, aligned while none
// wraps. Flagged lines keep their marks and their number's colour, written as HTML (no React node a mark).
function Run({
  n,
  lines,
  html,
  marked,
}: {
  n: number;
  lines: string[];
  html: string[] | undefined;
  marked: Set<number>;
}) {
  const flagged = lines.some((_, i) => marked.has(n + i));
  // A text's final line feed ends its last line box rather than opening one: an empty last line needs two.
  const end = lines.at(-1) === '' ? '\n' : '';
  const lit = html?.length === lines.length && html.every((h) => h !== undefined) ? html : undefined;
  const numbers = lines.map((_, i) =>
    flagged && marked.has(n + i) ? `<span class="flagged">${n + i}</span>` : String(n + i),
  );
  const code = lit ?? (flagged ? lines.map(escapeHtml) : undefined);
  return (
    <tr className="line-run">
      {flagged ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: numbers only
        <td className="line-no" dangerouslySetInnerHTML={{ __html: numbers.join('\n') }} />
      ) : (
        <td className="line-no">{numbers.join('\n')}</td>
      )}
      {code ? (
        <td
          className={lit ? 'line hljs' : 'line'}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js output or escaped text, the marks' labels escaped
          dangerouslySetInnerHTML={{
            __html: code.map((h, i) => (marked.has(n + i) ? revealFlaggedHtml(h) : h)).join('\n') + end,
          }}
        />
      ) : (
        <td className="line">{lines.join('\n') + end}</td>
      )}
    </tr>
  );
}
