import { useEffect, useMemo, useState } from 'react';
import { CodeLines } from './CodeLines.tsx';
import { flaggedLines, unsafeLabels } from './unsafeChars.ts';

// Past this many flagged lines the list would bury the code; the count still tells the reviewer.
const MAX_LISTED_LINES = 20;

// Lines per highlighting step: each step is one short task, so a 64 KB file never blocks the page.
// A construct spanning a block edge (a long comment or template) may lose its colour there, not its text.
const BLOCK_LINES = 150;

/** One proposed file in full, in its own scroll box, with line numbers, size and highlighting. */
export function CodeFile({
  path,
  code,
  highlight = true,
}: {
  path: string;
  code: string;
  highlight?: boolean;
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
  const pathFlags = useMemo(() => unsafeLabels(path), [path]);
  const codeFlags = useMemo(() => flaggedLines(code), [code]);
  const marked = useMemo(() => new Set(codeFlags.map((f) => f.line)), [codeFlags]);
  const distinct = [...new Set([...pathFlags, ...codeFlags.flatMap((f) => f.labels)])];
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
            {codeFlags.slice(0, MAX_LISTED_LINES).map((f) => (
              <li key={f.line}>
                Line {f.line}: {f.labels.join(', ')}
              </li>
            ))}
            {codeFlags.length > MAX_LISTED_LINES && (
              <li>and {codeFlags.length - MAX_LISTED_LINES} more lines</li>
            )}
          </ul>
        </div>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard */}
      <section className="code-scroll" tabIndex={0} aria-label={`${path} source`}>
        <table className="code-table">
          {blocks.map((block, b) => (
            <CodeLines
              // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity but their position
              key={b}
              start={b * BLOCK_LINES}
              lines={block}
              html={html[b]}
              marked={marked}
            />
          ))}
        </table>
      </section>
    </section>
  );
}
