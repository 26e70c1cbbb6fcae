/**
 * `npm run compat:agents`: the agent-app compatibility run. Every app of `fixtures/agent-apps` (apps written
 * the way chat assistants write them, each with a person's script) is proposed to a real server running
 * offline over the npm cache with package bundles on, approved, opened in the launcher in headless
 * Chromium and used as its script says; writes docs/compat-agents.md and docs/compat-agents.json.
 * Fills the cache with the corpus's packages from the registry first (skipped with a note when offline).
 * `COMPAT_MATCH=slug` runs the apps whose slug contains it and writes no report.
 */
import { chromium } from '@playwright/test';
import { ensureBuilt } from '../build/ensureBuilt.ts';
import { readConfig } from '../server/config.ts';
import { fillSandpackCache } from '../server/npm/fillSandpackCache.ts';
import { agentAppPackages } from '../test-support/agentApps/agentAppPackages.ts';
import {
  AGENT_API_PORT,
  AGENT_IMAGES_PORT,
  startAgentAppsRun,
} from '../test-support/agentApps/agentAppsServer.ts';
import { loadAgentApps } from '../test-support/agentApps/corpus.ts';
import { REPORT_MD, summary, writeReport } from '../test-support/agentApps/report.ts';
import { type AgentAppResult, runAgentApp } from '../test-support/agentApps/runAgentApp.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test-support/chromium.ts';
import { LoopbackApi } from '../test-support/LoopbackApi.ts';

const PORT = Number(process.env.AGENT_COMPAT_PORT ?? 5664);
const match = process.env.COMPAT_MATCH ?? '';

await ensureBuilt({ log: console.log });
const all = loadAgentApps();
const apps = all.filter((a) => a.slug.includes(match));
const config = readConfig();
try {
  await fillSandpackCache({ dir: config.npmCacheDir, packages: agentAppPackages(all) });
} catch (err) {
  process.stdout.write(`Could not fill the cache (${(err as Error).message}): running on what it holds.\n`);
}

// The `network` apps' API and image host, on the loopback ports their room.json names.
const network = apps.some((a) => a.covers.includes('network'))
  ? await Promise.all([
      new LoopbackApi().start(AGENT_API_PORT),
      new LoopbackApi('img.localhost').start(AGENT_IMAGES_PORT),
    ])
  : [];
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const run = await startAgentAppsRun(browser, PORT, config.npmCacheDir);
const results: AgentAppResult[] = [];
const started = Date.now();
try {
  for (const [i, app] of apps.entries()) {
    const result = await runAgentApp(run, run.context, app);
    results.push(result);
    const where = `${String(i + 1).padStart(2)}/${apps.length} ${app.author}/${app.slug} [${result.path}] ${result.ms} ms`;
    process.stdout.write(
      result.passed ? `ok   ${where}\n` : `FAIL ${where}: step ${result.step}: ${result.reason}\n`,
    );
  }
} finally {
  await run.close();
  await browser.close();
  await Promise.all(network.map((api) => api.stop()));
}
const seconds = Math.round((Date.now() - started) / 1000);
process.stdout.write(`${summary(results)}; ${run.outside.length} requests left loopback; ${seconds} s\n`);
// A filtered run is an investigation, not the report.
if (!match) {
  writeReport(results, seconds, run.outside);
  process.stdout.write(`Wrote ${REPORT_MD} and its JSON\n`);
}
