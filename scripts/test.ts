import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { TIMES_DIR } from '../test-support/timesReporter.ts';
import { postgresBin, startTempPostgres, stopTempPostgres, type TempPostgres } from './tempPostgres.ts';
import { testCounts } from './testTimes/testCounts.ts';

/** `npm test`: each phase in turn, stopping at the first that fails, each one's wall time kept for `npm run test:times`. */
const PHASES: [name: string, script: string][] = [
  ['typecheck', 'typecheck'],
  ['lint', 'lint'],
  ['unit', 'test:unit'],
  ['e2e', 'test:e2e'],
];

function runScript(script: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
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
const phases: { name: string; ms: number; code: number }[] = [];
let code = 0;
try {
  for (const [name, script] of PHASES) {
    const started = performance.now();
    code = await runScript(script, env);
    phases.push({ name, ms: Math.round(performance.now() - started), code });
    fs.writeFileSync(path.join(TIMES_DIR, 'phases.json'), `${JSON.stringify(phases, null, 2)}\n`);
    if (code !== 0) break;
  }
} finally {
  stop();
}
const total = phases.reduce((sum, p) => sum + p.ms, 0);
console.log(
  `npm test: ${phases.map((p) => `${p.name} ${(p.ms / 1000).toFixed(0)} s`).join(', ')}; ${(total / 1000).toFixed(0)} s in all (npm run test:times for the slowest)`,
);
const counts = testCounts();
if (counts) console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exit(code);
