import { loadCorpus } from '../test-support/harness/corpus.ts';
import { openHarness } from '../test-support/harness/openHarness.ts';
import { runExamples } from '../test-support/harness/runExamples.ts';
import { expect, test } from './fixtures.ts';

// A fixed sample of the react.dev corpus (every tenth counted example): `npm run compat` runs all of it.
const SAMPLE_EVERY = 10;

test('a fixed sample of the react.dev corpus renders with no error through the real runtime', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const sample = loadCorpus().counted.filter((_, i) => i % SAMPLE_EVERY === 0);
  expect(sample.length).toBeGreaterThanOrEqual(60);
  await openHarness(page, baseURL as string);
  const results = await runExamples(page, sample);
  const failures = results.filter((r) => !r.ok).map((r) => `${r.id}: ${r.reason}`);
  expect(failures).toEqual([]);
});
