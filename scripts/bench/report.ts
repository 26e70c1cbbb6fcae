import { round } from './stats.ts';

/** One row of the benchmark table: a figure, its anchor measured in the same run, and the target. */
export interface Row {
  figure: string;
  value: number;
  unit: string;
  anchor?: { name: string; value: number };
  /** The target, as the value (or ratio) it must not exceed. */
  target?: { max: number; of: 'value' | 'ratio' };
}

const ratioOf = (row: Row) => (row.anchor ? row.value / row.anchor.value : undefined);

export function met(row: Row): boolean | undefined {
  if (!row.target) return undefined;
  const measured = row.target.of === 'ratio' ? ratioOf(row) : row.value;
  return measured === undefined ? undefined : measured <= row.target.max;
}

/** The Markdown table for docs/benchmarks.md. */
export function markdownTable(rows: Row[]): string {
  const lines = ['| figure | value | anchor | ratio | target | met? |', '|---|---|---|---|---|---|'];
  for (const row of rows) {
    const ratio = ratioOf(row);
    const target = row.target
      ? row.target.of === 'ratio'
        ? `≤ ${row.target.max}x`
        : `≤ ${row.target.max} ${row.unit}`
      : '';
    const verdict = met(row);
    lines.push(
      [
        '',
        row.figure,
        `${round(row.value)} ${row.unit}`,
        row.anchor ? `${row.anchor.name}: ${round(row.anchor.value)} ${row.unit}` : '',
        ratio === undefined ? '' : `${round(ratio)}x`,
        target,
        verdict === undefined ? '' : verdict ? 'yes' : '**no**',
        '',
      ]
        .join(' | ')
        .trim(),
    );
  }
  return lines.join('\n');
}

/** The rows as JSON-friendly records, with ratio and verdict resolved. */
export function jsonRows(rows: Row[]) {
  return rows.map((row) => ({ ...row, ratio: ratioOf(row), met: met(row) }));
}
