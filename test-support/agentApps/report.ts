import fs from 'node:fs';
import path from 'node:path';
import { AUTHORS, COVER_TAGS } from './corpus.ts';
import type { AgentAppResult } from './runAgentApp.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const REPORT_MD = path.join(ROOT, 'docs/compat-agents.md');
export const REPORT_JSON = path.join(ROOT, 'docs/compat-agents.json');

/** The committed report's JSON: what `npm run compat:agents` found for each app. */
export interface AgentAppsReport {
  ran_at: string;
  seconds: number;
  passed: number;
  total: number;
  requests_outside: number;
  apps: AgentAppResult[];
}

const rate = (passed: number, total: number) =>
  `${passed} of ${total} (${total === 0 ? 0 : Math.round((100 * passed) / total)}%)`;

/** One line: how many passed overall and per author. */
export function summary(results: AgentAppResult[]): string {
  const per = AUTHORS.map((a) => {
    const on = results.filter((r) => r.author === a);
    return `${a}: ${rate(on.filter((r) => r.passed).length, on.length)}`;
  });
  return `${rate(results.filter((r) => r.passed).length, results.length)} pass (${per.join('; ')})`;
}

/** Writes docs/compat-agents.md (tables, pass rates, every failure's reason) and docs/compat-agents.json. */
export function writeReport(results: AgentAppResult[], seconds: number, outside: string[]): void {
  const report: AgentAppsReport = {
    ran_at: new Date().toISOString(),
    seconds,
    passed: results.filter((r) => r.passed).length,
    total: results.length,
    requests_outside: outside.length,
    apps: results,
  };
  fs.writeFileSync(REPORT_JSON, `${JSON.stringify(report, null, 2)}\n`);
  const cell = (s: string) => s.replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 400);
  const byTag = COVER_TAGS.flatMap((tag) => {
    const on = results.filter((r) => r.covers.includes(tag));
    if (on.length === 0) return [];
    const failing = on.filter((r) => !r.passed).map((r) => r.slug);
    return [`| ${tag} | ${rate(on.length - failing.length, on.length)} | ${failing.join(', ')} |`];
  });
  fs.writeFileSync(
    REPORT_MD,
    [
      '# Agent-app compatibility (apps written the way assistants write them, used as a person would)',
      '',
      `\`npm run compat:agents\` on ${report.ran_at}: every app of \`fixtures/agent-apps\` (the format is in its README; \`team\` apps were written by the runner's author, \`brief\` apps by someone who saw only its BRIEF.md), proposed to a real server (offline, the npm cache as its registry, package bundles built at approval), approved as the owner, opened in the launcher in headless Chromium with egress aborted, and used through its script: clicks, typing, Enter, reloads, expected text and styles. An app passes when every step passes and the frame reported no error; otherwise the reason is the first thing that went wrong: the gate's refusal, the frame's own error text, or the failing step.`,
      '',
      `**${summary(results)}**; ${outside.length} requests tried to leave loopback (aborted); ${seconds} s.`,
      '',
      '## Per category',
      '',
      '| covers | passed | failing apps |',
      '|---|---|---|',
      ...byTag,
      '',
      '## Apps',
      '',
      '| app | author | covers | path | result | reason |',
      '|---|---|---|---|---|---|',
      ...results.map(
        (r) =>
          `| ${r.slug} | ${r.author} | ${r.covers.join(', ')} | ${r.path} | ${r.passed ? 'pass' : '**fail**'} | ${
            r.passed ? '' : cell(`${stepLabel(r)}${r.reason ?? ''}`)
          } |`,
      ),
      '',
      ...sandpackNotes(results),
    ].join('\n'),
  );
}

function stepLabel(r: AgentAppResult): string {
  if (r.step === undefined) return '';
  if (r.step < 0) return 'on opening: ';
  return r.failed === '(after the script)' ? 'after the script: ' : `step ${r.step} \`${r.failed}\`: `;
}

function sandpackNotes(results: AgentAppResult[]): string[] {
  const sent = results.filter((r) => r.note);
  if (sent.length === 0) return [];
  return [
    '## Why the server sent these to Sandpack',
    '',
    ...sent.map((r) => `- ${r.slug}: ${(r.note ?? '').replace(/\s+/g, ' ')}`),
    '',
  ];
}
