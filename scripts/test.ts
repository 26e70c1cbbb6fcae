import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { TIMES_DIR } from '../test-support/timesReporter.ts';
import { postgresBin, startTempPostgres, stopTempPostgres, type TempPostgres } from './tempPostgres.ts';
import { testCounts } from './testTimes/testCounts.ts';

/**
 * `npm test`: the type check, lint and the e2e build run while the unit tests do (each one's output held
 * and printed whole when it ends, the unit tests' live), then the e2e tests; a phase that fails fails the
 * run and no e2e test starts. Each phase's wall time, and when it started, is kept for `npm run test:times`.
 */
interface Phase {
  name: string;
  command: string[];
  /** Held until the phase ends, then printed whole: it runs beside the unit tests' live output. */
  quiet?: boolean;
}

const TYPECHECK: Phase = { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'], quiet: true };
const LINT: Phase = { name: 'lint', command: ['npm', 'run', '--silent', 'lint'], quiet: true };
// The shell and frame build the e2e server needs; the unit tests start once it is in place (a frame-site
// test builds when it finds no frame runtime, and two builds swapping dist/ at once could be read half-done).
const BUILD: Phase = {
  name: 'build',
  command: ['npx', '--no-install', 'tsx', 'scripts/build.ts'],
  quiet: true,
};
const UNIT: Phase = { name: 'unit', command: ['npm', 'run', '--silent', 'test:unit'] };
const E2E: Phase = { name: 'e2e', command: ['npx', '--no-install', 'playwright', 'test'] };

interface Ran {
  name: string;
  /** Milliseconds after `npm test` started. */
  startMs: number;
  ms: number;
  code: number;
}

const t0 = performance.now();
const ran: Ran[] = [];

function run(phase: Phase, env: NodeJS.ProcessEnv): Promise<Ran> {
  const startMs = Math.round(performance.now() - t0);
  return new Promise((resolve) => {
    const child = spawn(phase.command[0] as string, phase.command.slice(1), {
      stdio: phase.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env,
    });
    let held = '';
    child.stdout?.on('data', (d: Buffer) => {
      held += d;
    });
    child.stderr?.on('data', (d: Buffer) => {
      held += d;
    });
    child.on('close', (exit, signal) => {
      const done: Ran = {
        name: phase.name,
        startMs,
        ms: Math.round(performance.now() - t0) - startMs,
        code: exit ?? (signal ? 1 : 0),
      };
      if (phase.quiet) {
        const verdict = done.code === 0 ? 'passed' : `FAILED (exit ${done.code})`;
        process.stdout.write(
          `\n── ${phase.name} ${verdict} in ${(done.ms / 1000).toFixed(0)} s ──\n${held.trimEnd()}${held.trim() ? '\n' : ''}── end of ${phase.name} ──\n\n`,
        );
      }
      ran.push(done);
      fs.writeFileSync(path.join(TIMES_DIR, 'phases.json'), `${JSON.stringify(ran, null, 2)}\n`);
      resolve(done);
    });
  });
}

const env = { ...process.env };
let pg: TempPostgres | undefined;
if (env.TEST_DATABASE_URL) console.log('PostgreSQL pass: on TEST_DATABASE_URL');
else if (postgresBin()) {
  pg = await startTempPostgres();
  env.TEST_DATABASE_URL = pg.url;
  console.log(`PostgreSQL pass: a throwaway server on ${new URL(pg.url).host}, stopped after the tests`);
} else if (env.CI) {
  console.error('CI runs the PostgreSQL pass: install PostgreSQL (apt-get install postgresql)');
  process.exit(1);
} else console.log('PostgreSQL pass SKIPPED: PostgreSQL is not installed (apt-get install postgresql)');

const stop = () => {
  if (pg) stopTempPostgres(pg);
  pg = undefined;
};
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stop();
    process.exit(130);
  });

// A phase that does not run this time leaves no report of an earlier run behind.
fs.rmSync(TIMES_DIR, { recursive: true, force: true });
fs.mkdirSync(TIMES_DIR, { recursive: true });
let code = 0;
try {
  const checks = Promise.all([run(TYPECHECK, env), run(LINT, env)]);
  const built = await run(BUILD, env);
  const unit = built.code === 0 ? await run(UNIT, env) : undefined;
  const first = [built, ...(unit ? [unit] : []), ...(await checks)];
  code = first.find((p) => p.code !== 0)?.code ?? 0;
  if (code === 0) code = (await run(E2E, env)).code;
} finally {
  stop();
}
const wall = performance.now() - t0;
const s = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
console.log(
  `npm test: ${ran.map((p) => `${p.name} ${s(p.ms)}${p.code ? ' (failed)' : ''}`).join(', ')}; ${s(wall)} wall, the type check, lint and build beside the unit tests (npm run test:times for the slowest)`,
);
const counts = testCounts();
if (counts) console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exit(code);
