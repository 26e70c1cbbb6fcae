import fs from 'node:fs';
import path from 'node:path';
import type { JSONReport } from '@playwright/test/reporter';
import { type FileTime, TIMES_DIR } from '../../test-support/timesReporter.ts';

/** Every unit test run (both engines) and e2e test of the last `npm test`; a flaky e2e test counts as passed. */
export function testCounts(): { passed: number; failed: number } | undefined {
  const unitFile = path.join(TIMES_DIR, 'vitest.json');
  const e2eFile = path.join(TIMES_DIR, 'playwright.json');
  if (!fs.existsSync(unitFile)) return undefined;
  const unit = (JSON.parse(fs.readFileSync(unitFile, 'utf8')) as FileTime[]).flatMap((f) => f.tests);
  let passed = unit.filter((t) => t.state === 'passed').length;
  let failed = unit.filter((t) => t.state === 'failed').length;
  if (fs.existsSync(e2eFile)) {
    const { stats } = JSON.parse(fs.readFileSync(e2eFile, 'utf8')) as JSONReport;
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
  }
  return { passed, failed };
}
