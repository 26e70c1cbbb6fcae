import { loadCorpus } from '../test-support/harness/corpus.ts';
import { openHarness } from '../test-support/harness/openHarness.ts';
import { runExamples } from '../test-support/harness/runExamples.ts';
import { expect, test } from './fixtures.ts';

// A fixed sample of the react.dev corpus (every tenth counted example): `npm run compat` runs all of it.
const SAMPLE_EVERY = 10;
// In parts that run on both workers, so the sample is not one long test at the suite's tail.
const PARTS = 2;

const sample = loadCorpus().counted.filter((_, i) => i % SAMPLE_EVERY === 0);

test.describe.configure({ mode: 'parallel' });

test('the fixed sample holds at least 60 examples', () => {
  expect(sample.length).toBeGreaterThanOrEqual(60);
});

for (let part = 0; part < PARTS; part++)
  test(`a fixed sample of the react.dev corpus renders with no error through the real runtime (part ${part + 1} of ${PARTS})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await openHarness(page, baseURL as string);
    const results = await runExamples(
      page,
      sample.filter((_, i) => i % PARTS === part),
    );
    const failures = results.filter((r) => !r.ok).map((r) => `${r.id}: ${r.reason}`);
    expect(failures).toEqual([]);
  });
