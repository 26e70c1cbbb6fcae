// An element id may hold any character but whitespace; a path's others are written out so the id is
// also a plain `#fragment` and a valid CSS selector.
const encodePath = (path: string) =>
  [...path].map((c) => (/[A-Za-z0-9_-]/.test(c) ? c : `.${c.codePointAt(0)?.toString(16)}`)).join('');

/**
 * The id prefix of one file's lines on a page: `scope` tells cards apart (`p-<proposal id>`), so two
 * proposals' `src/App.tsx` never share an id. Line `n` is `${fileAnchor(…)}L${n}`.
 */
export function fileAnchor(scope: string, path: string): string {
  return `${scope}-${encodePath(path)}-`;
}

/** The id of one numbered line of a file on the card (see `fileAnchor`). */
export function lineAnchor(scope: string, path: string, line: number): string {
  return `${fileAnchor(scope, path)}L${line}`;
}
