import { Fragment, useEffect, useState } from 'react';
import { CodeFile } from './CodeFile.tsx';
import { type DiffRow, expandFold, type FileChange, splitLines } from './fileDiff.ts';
import { markClass, markText, revealFlaggedHtml, splitFlagged } from './unsafeChars.ts';

const ENDING_NAMES = { lf: 'LF', crlf: 'CRLF', mixed: 'mixed', none: 'none' } as const;
// Past this many the list would bury the diff; the count still tells the reviewer.
const MAX_LISTED_ENDINGS = 20;

/**
 * One changed file as a unified diff: both sides' line numbers, highlighted, unchanged runs folded with a
 * button each, and "Show whole new file" (shown at once when the change is too large to list whole).
 */
export function DiffFile({ change }: { change: FileChange & { kind: 'changed' } }) {
  const { path, oldText, newText, lineEndings, endingChanges } = change;
  const [expanded, setExpanded] = useState(new Set<number>());
  // A diff that cannot list every row shows the whole new file at once: the card shows the whole change.
  const [whole, setWhole] = useState(change.tooMany || change.truncated);
  const [lit, setLit] = useState<{ old: string[]; new: string[] }>();
  useEffect(() => {
    let live = true;
    // The highlighter loads after the plain rows are on screen; each side is highlighted whole once.
    import('./highlight.ts').then((m) => {
      const side = (text: string) =>
        m.highlightLines(path, splitLines(text.replace(/\r\n/g, '\n')).join('\n'));
      const old = side(oldText);
      const now = side(newText);
      if (live && old && now) setLit({ old, new: now });
    });
    return () => {
      live = false;
    };
  }, [path, oldText, newText]);
  const endingNote =
    lineEndings.old !== lineEndings.new
      ? `Line endings changed from ${ENDING_NAMES[lineEndings.old]} to ${ENDING_NAMES[lineEndings.new]} (compared without them).`
      : undefined;
  return (
    <section className="code-file diff-file" aria-label={`Changes in ${path}`}>
      <header className="code-file-head">
        <code>{path}</code>
        <span className="muted">
          {change.tooMany
            ? 'too many changes to list'
            : `${change.added} ${change.added === 1 ? 'line' : 'lines'} added, ${change.removed} removed${
                endingChanges.length > 0 ? `, ${endingChanges.length} line endings changed` : ''
              }`}
        </span>
      </header>
      {endingNote && <p className="muted">{endingNote}</p>}
      {endingChanges.length > 0 && (
        // The rows compare lines without their endings: bytes a `?raw` import reads would change unseen.
        <div className="warning" role="note">
          <p>
            Line endings changed on {endingChanges.length} {endingChanges.length === 1 ? 'line' : 'lines'}{' '}
            shown as unchanged:
          </p>
          <ul className="flag-list">
            {endingChanges.slice(0, MAX_LISTED_ENDINGS).map((c) => (
              <li key={c.new}>
                Line {c.new}
                {c.old !== c.new && ` (line ${c.old} before)`}: {ENDING_NAMES[c.from]} → {ENDING_NAMES[c.to]}
              </li>
            ))}
            {endingChanges.length > MAX_LISTED_ENDINGS && (
              <li>and {endingChanges.length - MAX_LISTED_ENDINGS} more lines</li>
            )}
          </ul>
        </div>
      )}
      {change.tooMany ? (
        <p>Too many changes to list them line by line: read the whole new file.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard
        <section className="code-scroll" tabIndex={0} aria-label={`${path} diff`}>
          <table className="code-table diff-table">
            <tbody>
              {change.rows.map((row, i) =>
                row.kind === 'fold' && !expanded.has(i) ? (
                  <tr key={`f${row.old}`} className="diff-fold">
                    <td colSpan={4}>
                      <button type="button" onClick={() => setExpanded((s) => new Set(s).add(i))}>
                        Show {row.count} unchanged {row.count === 1 ? 'line' : 'lines'}
                      </button>
                    </td>
                  </tr>
                ) : row.kind === 'fold' ? (
                  <Fragment key={`f${row.old}`}>
                    {expandFold(oldText, row).map((r) => (
                      <Row key={`s${r.kind === 'same' && r.old}`} row={r} lit={lit} />
                    ))}
                  </Fragment>
                ) : (
                  <Row
                    key={`${row.kind}${'old' in row ? row.old : ''}-${'new' in row ? row.new : ''}`}
                    row={row}
                    lit={lit}
                  />
                ),
              )}
            </tbody>
          </table>
        </section>
      )}
      {change.truncated && (
        <p className="muted">
          The first {change.rows.filter((r) => r.kind !== 'fold').length} rows are listed; the whole new file
          shows the rest.
        </p>
      )}
      {whole ? (
        <CodeFile path={path} code={newText} />
      ) : (
        <button type="button" onClick={() => setWhole(true)}>
          Show whole new file
        </button>
      )}
    </section>
  );
}

const MARK = { same: ' ', del: '−', add: '+' } as const;
const LABEL = { same: 'unchanged', del: 'removed', add: 'added' } as const;

function Row({
  row,
  lit,
}: {
  row: Exclude<DiffRow, { kind: 'fold' }>;
  lit?: { old: string[]; new: string[] };
}) {
  const oldNo = row.kind === 'add' ? undefined : row.old;
  const newNo = row.kind === 'del' ? undefined : row.new;
  const html = row.kind === 'add' ? lit?.new[row.new - 1] : lit?.old[row.old - 1];
  return (
    <tr className={`diff-${row.kind}`}>
      <td className="line-no">{oldNo}</td>
      <td className="line-no">{newNo}</td>
      <td className="diff-mark" title={LABEL[row.kind]}>
        <span aria-hidden="true">{MARK[row.kind]}</span>
        <span className="visually-hidden">{LABEL[row.kind]}</span>
      </td>
      {html !== undefined ? (
        <td
          className="line hljs"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js output, the source escaped
          dangerouslySetInnerHTML={{ __html: revealFlaggedHtml(html) }}
        />
      ) : (
        // Hidden characters and blank runs show as marks here too: a diff must not reorder what is read.
        <td className="line">
          {splitFlagged(row.text).map((p, k) =>
            typeof p === 'string' ? (
              p
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts of one line, never reordered
              <mark key={k} className={markClass(p)} title={p.label}>
                {markText(p)}
              </mark>
            ),
          )}
        </td>
      )}
    </tr>
  );
}
