import type { Page } from '@playwright/test';
import type { FrameError } from '../../runtime/protocol.ts';
import type { RunnableExample } from './corpus.ts';
import type { HarnessResult } from './harnessEntry.ts';

export interface ExampleOutcome {
  id: string;
  ok: boolean;
  /** Why it failed: the first error the frame reported, or the state it ended in. */
  reason?: string;
  paintMs?: number;
}

const describeError = (e: FrameError) =>
  `${e.code}: ${e.message}${e.file ? ` (${[e.file, e.line, e.column].filter((p) => p !== undefined).join(':')})` : ''}`;

/**
 * Runs each example in its own fresh frame through the harness page, a few at a time; an example
 * passes when it painted and reported no error within the settle time.
 */
export async function runExamples(
  page: Page,
  examples: RunnableExample[],
  opts: { concurrency?: number; settleMs?: number; onResult?: (r: ExampleOutcome) => void } = {},
): Promise<ExampleOutcome[]> {
  const results: ExampleOutcome[] = new Array(examples.length);
  let next = 0;
  const worker = async () => {
    while (next < examples.length) {
      const index = next++;
      const example = examples[index] as RunnableExample;
      const key = `ex${index}-${Date.now().toString(36)}`;
      const r = (await page.evaluate(
        ([k, files, settle]) =>
          (
            window as unknown as { roomHarness: { run: (...a: unknown[]) => Promise<HarnessResult> } }
          ).roomHarness.run(k, files, settle),
        [key, example.files, opts.settleMs ?? 300] as const,
      )) as HarnessResult;
      const first = r.errors[0];
      const ok = !first && r.paintMs !== undefined && r.state === 'running';
      const outcome: ExampleOutcome = {
        id: example.id,
        ok,
        reason: first ? describeError(first) : ok ? undefined : `ended ${r.state} without painting`,
        paintMs: r.paintMs,
      };
      results[index] = outcome;
      opts.onResult?.(outcome);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 3 }, worker));
  return results;
}
