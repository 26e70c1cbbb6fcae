import { useEffect, useState } from 'react';
import { unsafeChars } from './unsafeChars.ts';

/** One proposed file in full, in its own scroll box, with line numbers, size and highlighting. */
export function CodeFile({ path, code }: { path: string; code: string }) {
  const [html, setHtml] = useState<string[]>();
  useEffect(() => {
    let live = true;
    // The highlighter loads only on the review page, after the plain text is already on screen.
    import('./highlight.ts').then((m) => live && setHtml(m.highlightLines(path, code)));
    return () => {
      live = false;
    };
  }, [path, code]);
  const lines = code.split('\n');
  const flagged = unsafeChars(path + code);
  return (
    <section className="code-file" aria-label={`File ${path}`}>
      <header className="code-file-head">
        <code>{path}</code>
        <span className="muted">
          {new Blob([code]).size.toLocaleString()} bytes · {lines.length} lines
        </span>
      </header>
      {flagged.length > 0 && (
        <p className="warning" role="note">
          Hidden or direction-changing characters in this file: {flagged.join(', ')}
        </p>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard */}
      <section className="code-scroll" tabIndex={0} aria-label={`${path} source`}>
        <table className="code-table">
          <tbody>
            {lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their number
              <tr key={i}>
                <td className="line-no">{i + 1}</td>
                {html?.[i] !== undefined ? (
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: highlight.js output, the source escaped
                  <td className="line hljs" dangerouslySetInnerHTML={{ __html: html[i] as string }} />
                ) : (
                  <td className="line">{line}</td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
