import fs from 'node:fs';
import { cacheIsFilled } from '../server/npm/fillCache.ts';
import { startAgentAppsRun } from '../test-support/agentApps/agentAppsServer.ts';
import { loadAgentApps } from '../test-support/agentApps/corpus.ts';
import { type AgentAppsReport, REPORT_JSON } from '../test-support/agentApps/report.ts';
import { runAgentApp } from '../test-support/agentApps/runAgentApp.ts';
import { E2E_NPM_CACHE, E2E_PORT } from './env.ts';
import { expect, test } from './fixtures.ts';

// Our own server with package bundles on, offline over the e2e cache, as `npm run compat:agents` runs.
const PORT = E2E_PORT + 7;

// Pass or fail only, not the failing step: an error banner can come just after the step that caused it.
// A fixed sample of `npm run compat:agents` across categories, small enough for well under a minute (most fail today, and a failing step waits its 5 s).
const SAMPLE = [
  'todo-plain',
  'shopping-list',
  'artifact-notes',
  'reading-list-confirm',
  'planets-assets',
  'b-notes',
  'b-steps-chart',
];

test('a fixed sample of the agent-app corpus has the outcomes docs/compat-agents.json records', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  if (!cacheIsFilled(E2E_NPM_CACHE))
    throw new Error(
      `No npm cache at ${E2E_NPM_CACHE}: the e2e global setup fills it (or npm run sandpack:cache)`,
    );
  const report = JSON.parse(fs.readFileSync(REPORT_JSON, 'utf8')) as AgentAppsReport;
  const apps = loadAgentApps().filter((a) => SAMPLE.includes(a.slug));
  expect(apps.map((a) => a.slug).sort()).toEqual([...SAMPLE].sort());
  const run = await startAgentAppsRun(browser, PORT, E2E_NPM_CACHE);
  const changed: string[] = [];
  try {
    for (const app of apps) {
      const was = report.apps.find((r) => r.slug === app.slug);
      const now = await runAgentApp(run, run.context, app);
      if (!was) changed.push(`${app.slug} is not in the report: refresh the report: npm run compat:agents`);
      else if (was.passed && !now.passed)
        changed.push(`${app.slug} passed in the report and now fails at step ${now.step}: ${now.reason}`);
      else if (!was.passed && now.passed)
        changed.push(
          `${app.slug} failed in the report and now passes: refresh the report: npm run compat:agents`,
        );
    }
  } finally {
    await run.close();
  }
  expect(changed).toEqual([]);
  expect(run.outside).toEqual([]);
});
