import fs from 'node:fs';
import path from 'node:path';
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

/**
 * Replaces a `## ` section of docs/benchmarks.md (its heading is the section's first line), or appends it,
 * leaving every other row as the last full run wrote it.
 */
export function writeSection(file: string, section: string): void {
  const heading = section.split('\n', 1)[0] as string;
  const md = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = md.indexOf(heading);
  if (start < 0) {
    fs.writeFileSync(file, `${md.trimEnd()}\n\n${section}`);
    return;
  }
  const next = md.indexOf('\n## ', start + heading.length);
  fs.writeFileSync(file, `${md.slice(0, start)}${section}${next < 0 ? '' : md.slice(next + 1)}`);
}

/**
 * A section run alone (`BENCH_ONLY=…`): its `## ` section into docs/benchmarks.md and its results under `key`
 * in docs/benchmarks.json, leaving every other section and key as the last full run wrote them.
 */
export function saveSection(docsDir: string, key: string, part: { section: string; results: unknown }): void {
  writeSection(path.join(docsDir, 'benchmarks.md'), part.section);
  const jsonFile = path.join(docsDir, 'benchmarks.json');
  const json = fs.existsSync(jsonFile) ? JSON.parse(fs.readFileSync(jsonFile, 'utf8')) : {};
  fs.writeFileSync(jsonFile, `${JSON.stringify({ ...json, [key]: part.results }, null, 2)}\n`);
}
