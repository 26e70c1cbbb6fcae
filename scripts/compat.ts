import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { ensureBuilt } from '../build/ensureBuilt.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test-support/chromium.ts';
import { loadCorpus } from '../test-support/harness/corpus.ts';
import { openHarness } from '../test-support/harness/openHarness.ts';
import { type ExampleOutcome, runExamples } from '../test-support/harness/runExamples.ts';
import { spawnServer } from '../test-support/spawnServer.ts';

/**
 * `npm run compat`: renders every self-contained react.dev example through the real runtime (real
 * server, real frames, headless Chromium) and reports how many render with no error.
 */
const TARGET = 0.95;
const port = process.env.COMPAT_PORT ?? '5271';
const jsonOut = process.argv.find((a) => a.startsWith('--json='))?.slice('--json='.length);

await ensureBuilt({ log: console.log });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-compat-'));
const server = await spawnServer({ PORT: port, ROOM_DATA_DIR: dataDir, ROOM_DEMO: '0' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  await openHarness(page, server.url);
  const corpus = loadCorpus();
  const started = Date.now();
  let done = 0;
  const all = corpus.counted.length + corpus.countedOut.length;
  const progress = () => {
    done += 1;
    if (done % 50 === 0) console.log(`  ${done}/${all}…`);
  };
  const counted = await runExamples(page, corpus.counted, { onResult: progress });
  const out = await runExamples(page, corpus.countedOut, { onResult: progress });
  const passed = counted.filter((r) => r.ok).length;
  const rate = passed / counted.length;
  const byWhy = new Map<string, ExampleOutcome[]>();
  corpus.countedOut.forEach((e, i) => {
    byWhy.set(e.why, [...(byWhy.get(e.why) ?? []), out[i] as ExampleOutcome]);
  });

  console.log(`\nreact.dev corpus: ${corpus.total} examples, ${corpus.selfContained} self-contained.`);
  console.log('Counted out (still run, not in the rate):');
  for (const [why, results] of byWhy) {
    console.log(`  ${why}: ${results.length} (${results.filter((r) => r.ok).length} rendered anyway)`);
  }
  console.log(
    `\nRendered with no error: ${passed} of ${counted.length} counted = ${(rate * 100).toFixed(1)}%`,
  );
  const failures = counted.filter((r) => !r.ok);
  if (failures.length) console.log(`\nFailures (${failures.length}):`);
  for (const f of failures) console.log(`  ${f.id}\n      ${f.reason}`);
  console.log(
    `\n${((Date.now() - started) / 1000).toFixed(0)} s; target ${TARGET * 100}%: ${rate >= TARGET ? 'met' : 'NOT met'}`,
  );
  if (jsonOut)
    fs.writeFileSync(
      jsonOut,
      JSON.stringify(
        { passed, counted: counted.length, counted_results: counted, counted_out: out },
        null,
        2,
      ),
    );
  process.exitCode = rate >= TARGET ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
