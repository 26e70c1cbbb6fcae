import { useEffect, useMemo, useState } from 'react';
import { fileReviewFlags, type ReviewFlag } from '../../validation/reviewFlags.ts';
import { CodeLines } from './CodeLines.tsx';
import { useMoreBelow } from './useMoreBelow.ts';

// Past this many flagged lines the list would bury the code; the count still tells the reviewer.
const MAX_LISTED_LINES = 20;

// Lines per highlighting step: each step is one short task, so a 64 KB file never blocks the page.
// A construct spanning a block edge (a long comment or template) may lose its colour there, not its text.
const BLOCK_LINES = 150;

/**
 * One proposed file in full, in its own scroll box, with line numbers, size and highlighting; with
 * `anchor` (`fileAnchor`), each line is a link target and the flagged lines listed above link to it.
 */
export function CodeFile({
  path,
  code,
  highlight = true,
  anchor,
}: {
  path: string;
  code: string;
  highlight?: boolean;
  anchor?: string;
}) {
  const lines = useMemo(() => code.split('\n'), [code]);
  const blocks = useMemo(() => {
    const out: string[][] = [];
    for (let i = 0; i < lines.length; i += BLOCK_LINES) out.push(lines.slice(i, i + BLOCK_LINES));
    return out;
  }, [lines]);
  const [html, setHtml] = useState<(string[] | undefined)[]>([]);
  useEffect(() => {
    setHtml([]);
    if (!highlight) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The highlighter loads only on the review page, after the plain text is already on screen.
    import('./highlight.ts').then((m) => {
      const step = (b: number) => {
        const block = blocks[b];
        if (!live || !block) return;
        const lit = m.highlightLines(path, block.join('\n'));
        if (!lit) return;
        setHtml((prev) => Object.assign([...prev], { [b]: lit }));
        timer = setTimeout(() => step(b + 1), 0);
      };
      step(0);
    });
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [path, blocks, highlight]);
  const flags = useMemo(() => fileReviewFlags(path, code), [path, code]);
  const pathFlags = flags.filter((f) => f.line === 0).map((f) => f.label);
  const hidden = byLine(flags.filter((f) => f.line > 0 && f.kind === 'hidden_character'));
  const layout = byLine(flags.filter((f) => f.kind !== 'hidden_character'));
  const marked = useMemo(() => new Set(flags.map((f) => f.line)), [flags]);
  const distinct = [...new Set([...pathFlags, ...hidden.flatMap((f) => f.labels)])];
  const [scrollRef, moreBelow] = useMoreBelow<HTMLElement>();
  return (
    <section className="code-file" aria-label={`File ${path}`}>
      <header className="code-file-head">
        <code>{path}</code>
        <span className="muted">
          {new Blob([code]).size.toLocaleString()} bytes · {lines.length} lines
        </span>
      </header>
      {distinct.length > 0 && (
        <div className="warning" role="note">
          <p>
            Hidden or direction-changing characters in this file:{' '}
            {distinct.map((label) => label.split(' ')[0]).join(', ')}
          </p>
          <ul className="flag-list">
            {pathFlags.length > 0 && <li>In the path: {pathFlags.join(', ')}</li>}
            <LineList lines={hidden} anchor={anchor} />
          </ul>
        </div>
      )}
      {layout.length > 0 && (
        <div className="warning" role="note">
          <p>Long lines or long runs of blanks in this file (shown wrapped, the blanks as marks):</p>
          <ul className="flag-list">
            <LineList lines={layout} anchor={anchor} />
          </ul>
        </div>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard */}
      <section className="code-scroll" tabIndex={0} aria-label={`${path} source`} ref={scrollRef}>
        <table className="code-table">
          {blocks.map((block, b) => (
            <CodeLines
              // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their position
              key={b}
              start={b * BLOCK_LINES}
              lines={block}
              html={html[b]}
              marked={marked}
              anchor={anchor}
            />
          ))}
        </table>
      </section>
      {moreBelow && (
        <p className="more-below muted">More below: scroll the box to read all {lines.length} lines.</p>
      )}
    </section>
  );
}

// One entry a line, each label once: a line with 40 hidden characters is one entry, not 40.
function byLine(flags: ReviewFlag[]): { line: number; labels: string[] }[] {
  const lines = new Map<number, Set<string>>();
  for (const f of flags) lines.set(f.line, (lines.get(f.line) ?? new Set()).add(f.label));
  return [...lines].map(([line, labels]) => ({ line, labels: [...labels] }));
}

function LineList({ lines, anchor }: { lines: { line: number; labels: string[] }[]; anchor?: string }) {
  return (
    <>
      {lines.slice(0, MAX_LISTED_LINES).map((f) => (
        <li key={f.line}>
          {anchor ? <a href={`#${anchor}L${f.line}`}>Line {f.line}</a> : `Line ${f.line}`}:{' '}
          {f.labels.join(', ')}
        </li>
      ))}
      {lines.length > MAX_LISTED_LINES && <li>and {lines.length - MAX_LISTED_LINES} more lines</li>}
    </>
  );
}
