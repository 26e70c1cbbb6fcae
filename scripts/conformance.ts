import { ERAS, ensureSuite, runConformance } from './conformance/runConformance.ts';

/** `npm run conformance`: the applicable MCP conformance scenarios on both eras; exits 1 when any fails. */
await ensureSuite(console.log);
const results = await runConformance(process.env.CONFORMANCE_PORT ?? '5285');
for (const { era, version } of ERAS) {
  console.log(`\n${era} era (${version})`);
  for (const r of results.filter((x) => x.era === era)) {
    console.log(
      `  ${r.pass ? 'pass' : 'FAIL'} ${r.name}: ${r.passed}/${r.checks} checks passed${r.notApplicable ? `, ${r.notApplicable} not applicable` : ''}`,
    );
    for (const line of r.lines) console.log(`    ${line}`);
  }
}
const failed = results.filter((r) => !r.pass).length;
console.log(failed ? `\n${failed} scenario(s) failed` : '\nAll applicable scenarios pass on both eras.');
process.exitCode = failed ? 1 : 0;
