import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import type { ImportLink } from '../../validation/importLinks.ts';
import { fileReviewFlags, type ReviewFlag } from '../../validation/reviewFlags.ts';
import { CodeLines } from './CodeLines.tsx';
import { ImportLinks } from './ImportLinks.tsx';
import { SHOW_LINE_EVENT } from './showLine.ts';
import { useMoreBelow } from './useMoreBelow.ts';

// Past this many flagged lines the list would bury the code; the count still tells the reviewer.
const MAX_LISTED_LINES = 20;

// This many empty lines in a row are said in words: they push what follows far down the box.
const BLANK_LINES = 50;

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
  flags: scanned,
  notRun = false,
  imports,
  anchorOf,
}: {
  path: string;
  code: string;
  highlight?: boolean;
  anchor?: string;
  /** This file's `fileReviewFlags` when the card has them already (a scan of 128 KB is not free). */
  flags?: ReviewFlag[];
  /** A file the Room never runs (a template's mount entry, a build config, index.html). */
  notRun?: boolean;
  /** Its imports through aliases and assets, resolved, each linking to its file via `anchorOf`. */
  imports?: ImportLink[];
  anchorOf?: (path: string) => string;
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
  const flags = useMemo(() => scanned ?? fileReviewFlags(path, code), [scanned, path, code]);
  // Once a file, not on every highlighting step: a line of its own each for thousands of flagged lines.
  const { pathFlags, hidden, layout, marked, distinct } = useMemo(() => {
    const pathFlags = flags.filter((f) => f.line === 0).map((f) => f.label);
    const hidden = byLine(flags.filter((f) => f.line > 0 && f.kind === 'hidden_character'));
    const layout = byLine(flags.filter((f) => f.kind !== 'hidden_character'));
    const marked = new Set(flags.map((f) => f.line));
    const distinct = [...new Set([...pathFlags, ...hidden.flatMap((f) => f.labels)])];
    return { pathFlags, hidden, layout, marked, distinct };
  }, [flags]);
  const blankRuns = useMemo(() => blankLineRuns(lines), [lines]);
  const [scrollRef, moreBelow] = useMoreBelow<HTMLElement>();
  // A line a link points at gets its own row and id (`showLine` asks for it): narrow lines share rows.
  const [pinned, setPinned] = useState(new Set<number>());
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = root.current;
    if (!el || !anchor) return;
    const pin = (e: Event) => {
      const n = (e as CustomEvent<number>).detail;
      setPinned((s) => (s.has(n) ? s : new Set(s).add(n)));
    };
    el.addEventListener(SHOW_LINE_EVENT, pin);
    return () => el.removeEventListener(SHOW_LINE_EVENT, pin);
  }, [anchor]);
  return (
    <section className="code-file" aria-label={`File ${path}`} ref={root} data-line-anchor={anchor}>
      <header className="code-file-head">
        <code>{path}</code>
        {notRun && <span className="badge">not run here</span>}
        <span className="muted">
          {new Blob([code]).size.toLocaleString()} bytes · {lines.length} lines
        </span>
      </header>
      {imports && anchorOf && <ImportLinks links={imports} anchorOf={anchorOf} />}
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
      {blankRuns.length > 0 && (
        <div className="warning" role="note">
          <p>Long runs of empty lines in this file:</p>
          <ul className="flag-list">
            {blankRuns.slice(0, MAX_LISTED_LINES).map(([from, to]) => (
              <li key={from}>
                Lines {from.toLocaleString()}–{to.toLocaleString()}: {(to - from + 1).toLocaleString()} empty
                lines
              </li>
            ))}
            {blankRuns.length > MAX_LISTED_LINES && (
              <li>and {blankRuns.length - MAX_LISTED_LINES} more runs</li>
            )}
          </ul>
        </div>
      )}
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard
        tabIndex={0}
        className="code-scroll"
        aria-label={`${path} source`}
        ref={scrollRef}
        // Every block's numbers get the same width: the blocks are separate tables.
        style={{ '--digits': String(lines.length).length } as CSSProperties}
      >
        {blocks.map((block, b) => (
          <CodeLines
            // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their position
            key={b}
            start={b * BLOCK_LINES}
            lines={block}
            html={html[b]}
            marked={marked}
            pinned={pinned}
            anchor={anchor}
            lazy={b > 0}
          />
        ))}
      </section>
      {moreBelow && (
        <p className="more-below muted">More below: scroll the box to read all {lines.length} lines.</p>
      )}
    </section>
  );
}

// [first, last] line numbers of each run of at least BLANK_LINES lines holding only blanks.
function blankLineRuns(lines: string[]): [number, number][] {
  const runs: [number, number][] = [];
  let from = 0;
  lines.forEach((line, i) => {
    const blank = /^\s*$/.test(line) && i < lines.length - 1;
    if (blank && from === 0) from = i + 1;
    if (!blank && from !== 0) {
      if (i + 1 - from >= BLANK_LINES) runs.push([from, i]);
      from = 0;
    }
  });
  return runs;
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
