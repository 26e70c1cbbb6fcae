import { memo } from 'react';
import { markClass, markText, revealFlaggedHtml, splitFlagged } from './unsafeChars.ts';

/**
 * A block of numbered lines: plain text until its highlighted HTML arrives. Hidden characters and long
 * blank runs show as marks, so a bidi override cannot reorder what the reviewer reads and 800 spaces
 * cannot push code out of sight. Memoised: highlighting one block re-renders only that block.
 */
export const CodeLines = memo(function CodeLines({
  start,
  lines,
  html,
  marked,
  anchor,
}: {
  /** 0-based index of the block's first line. */
  start: number;
  lines: string[];
  html: string[] | undefined;
  marked: Set<number>;
  /** The rows' id prefix (`fileAnchor`): line n is `${anchor}L${n}`, a link target. */
  anchor?: string;
}) {
  return (
    <tbody>
      {lines.map((line, i) => {
        const n = start + i + 1;
        const lit = html?.[i];
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
  );
});
