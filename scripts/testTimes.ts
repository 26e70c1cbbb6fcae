import fs from 'node:fs';
import path from 'node:path';
import type { JSONReport, JSONReportSuite } from '@playwright/test/reporter';
import { type FileTime, TIMES_DIR } from '../test-support/timesReporter.ts';

/** `npm run test:times`: the last `npm test`'s phases, its slowest files and tests, and its test counts. */
const TOP = Number(process.env.TEST_TIMES_TOP ?? 15);

function read<T>(name: string): T | undefined {
  const file = path.join(TIMES_DIR, name);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : undefined;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface E2eTest {
  title: string;
  project: string;
  ms: number;
  runs: number;
  status: string;
}

function e2eTests(suites: JSONReportSuite[], trail: string[] = []): E2eTest[] {
  return suites.flatMap((suite) => {
    const here = [...trail, suite.title].filter(Boolean);
    const own = suite.specs.flatMap((spec) =>
      spec.tests.map((t) => ({
        title: [...here, spec.title].join(' › '),
        project: t.projectName,
        ms: t.results.reduce((sum, r) => sum + r.duration, 0),
        runs: t.results.length,
        status: t.status,
      })),
    );
    return [...own, ...e2eTests(suite.suites ?? [], here)];
  });
}

function table(rows: string[][]): string {
  return rows.map((r) => `  ${r.join('  ')}`).join('\n');
}

const phases = read<{ name: string; ms: number; code: number; startMs?: number }[]>('phases.json');
const unit = read<FileTime[]>('vitest.json');
const e2e = read<JSONReport>('playwright.json');
if (!phases && !unit && !e2e) {
  console.log(`No timings in ${TIMES_DIR}: run npm test first`);
  process.exit(1);
}

if (phases) {
  // Phases overlap (npm test runs the type check, lint and build beside the unit tests): the wall time is
  // the last one's end, each phase's own time beside when it started.
  const wall = phases.every((p) => p.startMs !== undefined)
    ? Math.max(...phases.map((p) => (p.startMs ?? 0) + p.ms))
    : phases.reduce((sum, p) => sum + p.ms, 0);
  const at = (p: { startMs?: number }) => (p.startMs === undefined ? '' : ` from ${s(p.startMs)}`);
  console.log(
    `Phases (wall): ${phases.map((p) => `${p.name} ${s(p.ms)}${at(p)}`).join(', ')}; total ${s(wall)}`,
  );
}

if (unit) {
  const projects = [...new Set(unit.map((f) => f.project))];
  for (const project of projects) {
    const files = unit.filter((f) => f.project === project);
    const tests = files.flatMap((f) => f.tests);
    console.log(
      `\nUnit, ${project}: ${files.length} files, ${tests.length} tests, ${s(files.reduce((a, f) => a + f.ms, 0))} summed over workers`,
    );
  }
  console.log(`\nSlowest unit files:`);
  console.log(
    table(
      [...unit]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, TOP)
        .map((f) => [s(f.ms).padStart(8), f.project.padEnd(8), f.file]),
    ),
  );
  const tests = unit.flatMap((f) => f.tests.map((t) => ({ ...t, file: f.file, project: f.project })));
  console.log(`\nSlowest unit tests:`);
  console.log(
    table(
      tests
        .sort((a, b) => b.ms - a.ms)
        .slice(0, TOP)
        .map((t) => [s(t.ms).padStart(8), t.project.padEnd(8), `${t.file} › ${t.name}`]),
    ),
  );
}

if (e2e) {
  const tests = e2eTests(e2e.suites);
  console.log(`\nE2E: ${tests.length} tests in ${s(e2e.stats.duration)} (wall)`);
  for (const project of [...new Set(tests.map((t) => t.project))]) {
    const mine = tests.filter((t) => t.project === project);
    console.log(
      `  ${project}: ${mine.length} tests, ${s(mine.reduce((a, t) => a + t.ms, 0))} summed over workers`,
    );
  }
  const retried = tests.filter((t) => t.runs > 1);
  if (retried.length > 0) console.log(`  retried: ${retried.map((t) => t.title).join('; ')}`);
  console.log(`\nSlowest e2e tests:`);
  console.log(
    table(
      tests
        .sort((a, b) => b.ms - a.ms)
        .slice(0, TOP)
        .map((t) => [s(t.ms).padStart(8), t.project.padEnd(8), t.title]),
    ),
  );
}
