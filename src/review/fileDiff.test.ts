import { describe, expect, it } from 'vitest';
import { type DiffRow, diffFile, diffFiles, expandFold, MAX_ROWS } from './fileDiff.ts';

const lines = (n: number, f = (i: number) => `line ${i}`) =>
  `${Array.from({ length: n }, (_, i) => f(i + 1)).join('\n')}\n`;
const changedRows = (rows: DiffRow[]) => rows.filter((r) => r.kind === 'add' || r.kind === 'del');

describe('diffFiles', () => {
  it('lists an added file and leaves unchanged ones out of the changes', () => {
    const d = diffFiles(
      { 'src/App.tsx': 'a\n' },
      { 'src/App.tsx': 'a\n', 'src/new.ts': 'export const x = 1;\n' },
    );
    expect(d.changes).toEqual([{ kind: 'added', path: 'src/new.ts', text: 'export const x = 1;\n' }]);
    expect(d.unchanged).toEqual(['src/App.tsx']);
  });

  it('lists a removed file', () => {
    const d = diffFiles({ 'src/App.tsx': 'a\n', 'src/old.ts': 'x\n' }, { 'src/App.tsx': 'a\n' });
    expect(d.changes).toEqual([{ kind: 'removed', path: 'src/old.ts', text: 'x\n' }]);
  });

  it('shows a renamed-looking change as a removal and an addition that name each other', () => {
    const d = diffFiles({ 'src/a.ts': 'same\n' }, { 'src/b.ts': 'same\n' });
    expect(d.changes).toEqual([
      { kind: 'removed', path: 'src/a.ts', text: 'same\n', sameAs: 'src/b.ts' },
      { kind: 'added', path: 'src/b.ts', text: 'same\n', sameAs: 'src/a.ts' },
    ]);
  });
  it('lists every removed file, even two with the same content (none hides behind the other)', () => {
    const d = diffFiles(
      { 'src/App.tsx': 'a\n', 'src/x.ts': 'export {};\n', 'src/x/index.ts': 'export {};\n' },
      { 'src/App.tsx': 'a\n' },
    );
    expect(d.changes.map((c) => [c.kind, c.path])).toEqual([
      ['removed', 'src/x.ts'],
      ['removed', 'src/x/index.ts'],
    ]);
  });

  it('names a rename once per side when removed files share the moved content', () => {
    const d = diffFiles({ 'src/a.ts': 'same\n', 'src/b.ts': 'same\n' }, { 'src/c.ts': 'same\n' });
    expect(d.changes).toEqual([
      { kind: 'removed', path: 'src/a.ts', text: 'same\n', sameAs: 'src/c.ts' },
      { kind: 'removed', path: 'src/b.ts', text: 'same\n', sameAs: 'src/c.ts' },
      { kind: 'added', path: 'src/c.ts', text: 'same\n', sameAs: 'src/a.ts' },
    ]);
  });
});

describe('diffFile', () => {
  it('shows one changed line with both sides numbered and the unchanged runs folded', () => {
    const before = lines(20);
    const after = before.replace('line 10\n', 'line ten\n');
    const d = diffFile('a.ts', before, after);
    expect(d.added).toBe(1);
    expect(d.removed).toBe(1);
    expect(changedRows(d.rows)).toEqual([
      { kind: 'del', old: 10, text: 'line 10' },
      { kind: 'add', new: 10, text: 'line ten' },
    ]);
    expect(d.rows[0]).toEqual({ kind: 'fold', old: 1, new: 1, count: 6 });
    expect(d.rows.at(-1)).toEqual({ kind: 'fold', old: 14, new: 14, count: 7 });
    expect(d.rows.filter((r) => r.kind === 'same')).toHaveLength(6);
    const first = d.rows[0];
    if (first?.kind !== 'fold') throw new Error('no fold');
    expect(expandFold(before, first).map((r) => r.kind === 'same' && [r.old, r.new, r.text])).toEqual(
      [1, 2, 3, 4, 5, 6].map((i) => [i, i, `line ${i}`]),
    );
  });

  it('numbers the new side after an insertion', () => {
    const d = diffFile('a.ts', lines(10), lines(10).replace('line 5\n', 'line 5\ninserted\n'));
    expect(changedRows(d.rows)).toEqual([{ kind: 'add', new: 6, text: 'inserted' }]);
    expect(d.rows.find((r) => r.kind === 'same' && r.old === 6)).toEqual({
      kind: 'same',
      old: 6,
      new: 7,
      text: 'line 6',
    });
  });

  it('compares CRLF and LF as equal lines and reports the line endings', () => {
    const d = diffFile('a.ts', 'a\nb\nc\n', 'a\r\nb\r\nC\r\n');
    expect(changedRows(d.rows)).toEqual([
      { kind: 'del', old: 3, text: 'c' },
      { kind: 'add', new: 3, text: 'C' },
    ]);
    expect(d.lineEndings).toEqual({ old: 'lf', new: 'crlf' });
    const only = diffFile('a.ts', 'a\nb\n', 'a\r\nb\r\n');
    expect(changedRows(only.rows)).toEqual([]);
    expect(only.lineEndings).toEqual({ old: 'lf', new: 'crlf' });
  });

  it('names each unchanged line whose ending moved between CRLF and LF, so no byte change is unseen', () => {
    const d = diffFiles({ 'src/flags.txt': 'a\r\nb\nc\n' }, { 'src/flags.txt': 'a\nb\r\nc\n' });
    const c = d.changes[0];
    if (c?.kind !== 'changed') throw new Error('not listed as changed');
    expect([c.added, c.removed]).toEqual([0, 0]);
    expect(c.lineEndings).toEqual({ old: 'mixed', new: 'mixed' });
    expect(c.endingChanges).toEqual([
      { old: 1, new: 1, from: 'crlf', to: 'lf' },
      { old: 2, new: 2, from: 'lf', to: 'crlf' },
    ]);
    // Beside a real change, the unchanged lines are paired across it; a changed line is not listed twice.
    const moved = diffFile('a.ts', 'x\na\r\nb\n', 'y\nz\na\nb\n');
    expect(moved.endingChanges).toEqual([{ old: 2, new: 3, from: 'crlf', to: 'lf' }]);
    expect(diffFile('a.ts', 'a\nb', 'a\nb\n').endingChanges).toEqual([]);
    expect(diffFile('a.ts', 'a\r\nb\n', 'A\r\nb\n').endingChanges).toEqual([]);
  });

  it('diffs a 64 KB file with one change into a few rows', () => {
    const before = lines(2600, (i) => `export const value${i} = ${i}; // padding`);
    expect(before.length).toBeGreaterThan(64 * 1024);
    const after = before.replace('value1300 = 1300;', 'value1300 = 0;');
    const d = diffFile('big.ts', before, after);
    expect(d.tooMany).toBe(false);
    expect(changedRows(d.rows)).toEqual([
      { kind: 'del', old: 1300, text: 'export const value1300 = 1300; // padding' },
      { kind: 'add', new: 1300, text: 'export const value1300 = 0; // padding' },
    ]);
    expect(d.rows.filter((r) => r.kind !== 'fold')).toHaveLength(8);
  });

  it('caps a whole-file rewrite: too many edits offer the whole file, many rows are cut', () => {
    const before = lines(2600, (i) => `export const a${i} = ${i};`);
    const after = lines(2600, (i) => `export const b${i} = ${i};`);
    const d = diffFile('big.ts', before, after);
    expect(d.tooMany).toBe(true);
    expect(d.rows).toEqual([]);
    const mid = diffFile(
      'mid.ts',
      lines(300, (i) => `a${i}`),
      lines(300, (i) => `b${i}`),
    );
    expect(mid.tooMany).toBe(false);
    expect(mid.truncated).toBe(true);
    expect(mid.rows.filter((r) => r.kind !== 'fold')).toHaveLength(MAX_ROWS);
    expect(mid.added + mid.removed).toBe(600);
  });
});
