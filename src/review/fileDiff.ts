// A library, not a hand-written diff: `diff` is well kept and its structuredPatch gives hunks with both sides' line numbers.
import { structuredPatch } from 'diff';

/** Unchanged lines kept around each change; the rest fold. */
export const CONTEXT_LINES = 3;
/** Rows a changed file renders before "show the whole file" takes over: a rewrite never floods the card. */
export const MAX_ROWS = 400;
/** Past this many edits the diff stops (bounded work on a 64 KB rewrite) and the card offers the whole file. */
export const MAX_EDITS = 1000;

/** One row of a unified diff: a line with its number on each side it is on, or a fold of unchanged lines. */
export type DiffRow =
  | { kind: 'same'; old: number; new: number; text: string }
  | { kind: 'del'; old: number; text: string }
  | { kind: 'add'; new: number; text: string }
  /** `count` unchanged lines from `old`/`new` (1-based), folded; `expandRows` lists them. */
  | { kind: 'fold'; old: number; new: number; count: number };

export type LineEnding = 'lf' | 'crlf' | 'mixed' | 'none';

export type FileChange =
  | {
      kind: 'added';
      path: string;
      text: string;
      /** A removed file with exactly this content: the change reads as a rename. */
      sameAs?: string;
    }
  | { kind: 'removed'; path: string; text: string; sameAs?: string }
  | {
      kind: 'changed';
      path: string;
      oldText: string;
      newText: string;
      rows: DiffRow[];
      added: number;
      removed: number;
      /** Compared with line endings normalised; reported when they differ. */
      lineEndings: { old: LineEnding; new: LineEnding };
      /** Unchanged lines whose ending changed (CRLF ↔ LF), by their new line number: bytes no row shows. */
      endingChanges: EndingChange[];
      /** More than MAX_EDITS edits: no rows, the card shows the whole new file. */
      tooMany: boolean;
      /** Rows past MAX_ROWS were left out. */
      truncated: boolean;
    };

/** One line the diff counts as unchanged whose ending changed; `none` is a last line without one. */
export interface EndingChange {
  old: number;
  new: number;
  from: LineEnding;
  to: LineEnding;
}

export interface FilesDiff {
  changes: FileChange[];
  unchanged: string[];
}

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** What changed from `before` to `after`, file by file, in path order. */
export function diffFiles(before: Record<string, string>, after: Record<string, string>): FilesDiff {
  const changes: FileChange[] = [];
  const unchanged: string[] = [];
  const removed = Object.keys(before)
    .filter((p) => !Object.hasOwn(after, p))
    .sort();
  const added = Object.keys(after)
    .filter((p) => !Object.hasOwn(before, p))
    .sort();
  // Each content's first path (in path order) on the other side: a rename's partner; every path is still listed.
  const firstByText = (paths: string[], side: Record<string, string>) => {
    const first = new Map<string, string>();
    for (const p of paths) if (!first.has(side[p] as string)) first.set(side[p] as string, p);
    return first;
  };
  const removedByText = firstByText(removed, before);
  const addedByText = firstByText(added, after);
  for (const [path, text] of Object.entries(after)) {
    if (!Object.hasOwn(before, path))
      changes.push({ kind: 'added', path, text, sameAs: removedByText.get(text) });
    else if (before[path] === text) unchanged.push(path);
    else changes.push(diffFile(path, before[path] as string, text));
  }
  for (const path of removed) {
    const text = before[path] as string;
    changes.push({ kind: 'removed', path, text, sameAs: addedByText.get(text) });
  }
  return { changes: changes.sort(byPath), unchanged: unchanged.sort() };
}

/** One file's unified diff, line endings normalised for the comparison, with folds of unchanged runs. */
export function diffFile(path: string, oldText: string, newText: string): FileChange & { kind: 'changed' } {
  const lineEndings = { old: lineEnding(oldText), new: lineEnding(newText) };
  const a = oldText.replace(/\r\n/g, '\n');
  const b = newText.replace(/\r\n/g, '\n');
  const base = { kind: 'changed' as const, path, oldText, newText, lineEndings };
  const patch = structuredPatch('a', 'b', a, b, undefined, undefined, {
    context: CONTEXT_LINES,
    maxEditLength: MAX_EDITS,
  });
  if (!patch)
    return { ...base, rows: [], added: 0, removed: 0, endingChanges: [], tooMany: true, truncated: false };
  const oldCount = lineCount(a);
  const rows: DiffRow[] = [];
  let added = 0;
  let removed = 0;
  let nextOld = 1;
  let nextNew = 1;
  for (const hunk of patch.hunks) {
    // An empty side's hunk starts at 0: its lines are numbered from 1.
    const oldStart = Math.max(hunk.oldStart, 1);
    const newStart = Math.max(hunk.newStart, 1);
    if (hunk.oldLines > 0 && oldStart > nextOld)
      rows.push({ kind: 'fold', old: nextOld, new: nextNew, count: oldStart - nextOld });
    let o = hunk.oldLines === 0 ? hunk.oldStart + 1 : oldStart;
    let n = hunk.newLines === 0 ? hunk.newStart + 1 : newStart;
    for (const line of hunk.lines) {
      const mark = line[0];
      const text = line.slice(1);
      if (mark === ' ') rows.push({ kind: 'same', old: o++, new: n++, text });
      else if (mark === '-') {
        rows.push({ kind: 'del', old: o++, text });
        removed++;
      } else if (mark === '+') {
        rows.push({ kind: 'add', new: n++, text });
        added++;
      }
      // "\ No newline at end of file" is not a line of either side.
    }
    nextOld = o;
    nextNew = n;
  }
  if (nextOld <= oldCount)
    rows.push({ kind: 'fold', old: nextOld, new: nextNew, count: oldCount - nextOld + 1 });
  const shown = rows.filter((r) => r.kind !== 'fold').length;
  return {
    ...base,
    endingChanges: endingChanges(oldText, newText, rows),
    rows: shown > MAX_ROWS ? capRows(rows) : rows,
    added,
    removed,
    tooMany: false,
    truncated: shown > MAX_ROWS,
  };
}

/** The unchanged lines a fold stands for, as rows (the old side's text, equal to the new one's). */
export function expandFold(
  oldText: string,
  fold: DiffRow & { kind: 'fold' },
): (DiffRow & { kind: 'same' })[] {
  const lines = splitLines(oldText.replace(/\r\n/g, '\n'));
  return Array.from({ length: fold.count }, (_, i) => ({
    kind: 'same' as const,
    old: fold.old + i,
    new: fold.new + i,
    text: lines[fold.old - 1 + i] ?? '',
  }));
}

/** The file's lines as the diff counts them: a final newline ends the last line, it does not start one. */
export function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

function lineCount(text: string): number {
  return text === '' ? 0 : splitLines(text).length;
}

function capRows(rows: DiffRow[]): DiffRow[] {
  const out: DiffRow[] = [];
  let shown = 0;
  for (const row of rows) {
    if (row.kind !== 'fold' && ++shown > MAX_ROWS) break;
    out.push(row);
  }
  return out;
}

// Each unchanged line (a 'same' row or in a fold) whose ending differs between the two sides.
function endingChanges(oldText: string, newText: string, rows: DiffRow[]): EndingChange[] {
  const oldEnds = lineEndings(oldText);
  const newEnds = lineEndings(newText);
  const out: EndingChange[] = [];
  const compare = (o: number, n: number) => {
    const from = oldEnds[o - 1] ?? 'none';
    const to = newEnds[n - 1] ?? 'none';
    if (from !== to) out.push({ old: o, new: n, from, to });
  };
  for (const row of rows)
    if (row.kind === 'same') compare(row.old, row.new);
    else if (row.kind === 'fold') for (let i = 0; i < row.count; i++) compare(row.old + i, row.new + i);
  return out;
}

// The ending of each line as the diff counts lines (see `splitLines`).
function lineEndings(text: string): LineEnding[] {
  const parts = text.split('\n');
  return parts
    .slice(0, -1)
    .map((line): LineEnding => (line.endsWith('\r') ? 'crlf' : 'lf'))
    .concat(parts.at(-1) === '' ? [] : ['none']);
}

function lineEnding(text: string): LineEnding {
  const crlf = (text.match(/\r\n/g) ?? []).length;
  const lf = (text.match(/\n/g) ?? []).length - crlf;
  if (crlf === 0 && lf === 0) return 'none';
  if (crlf === 0) return 'lf';
  return lf === 0 ? 'crlf' : 'mixed';
}
