import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Where `npm test` keeps each run's timings (outside test-results/, which Playwright empties). */
export const TIMES_DIR = path.resolve(import.meta.dirname, '..', '.test-times');

/** One test file's run on one project (engine), as `npm run test:times` reads it. */
export interface FileTime {
  file: string;
  project: string;
  ms: number;
  tests: { name: string; ms: number; state: string }[];
}

/** Vitest's timings per file and test, with the project each ran on (the JSON reporter drops it). */
export default class TimesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const files: FileTime[] = modules.map((m) => {
      const d = m.diagnostic();
      return {
        file: path.relative(process.cwd(), m.moduleId),
        project: m.project.name,
        ms: Math.round(d.collectDuration + d.duration),
        tests: [...m.children.allTests()].map((t) => ({
          name: t.fullName,
          ms: Math.round(t.diagnostic()?.duration ?? 0),
          state: t.result().state,
        })),
      };
    });
    fs.mkdirSync(TIMES_DIR, { recursive: true });
    fs.writeFileSync(path.join(TIMES_DIR, 'vitest.json'), `${JSON.stringify(files)}\n`);
  }
}
