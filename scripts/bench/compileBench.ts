import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { CORPUS_PATH } from '../../test-support/harness/corpus.ts';
import type { CompileTimes } from './compilePage.ts';
import { median } from './stats.ts';

const PAGE_ENTRY = path.join(import.meta.dirname, 'compilePage.ts');

/** Every code file of the react.dev corpus, as [path, source]. */
function corpusCodeFiles(): [string, string][] {
  const corpus = JSON.parse(fs.readFileSync(CORPUS_PATH, 'utf8')) as {
    examples: { files: Record<string, string> }[];
  };
  return corpus.examples.flatMap((e) =>
    Object.entries(e.files).filter(([p]) => /\.(jsx?|tsx?|mjs)$/.test(p)),
  );
}

export interface CompileResult {
  files: number;
  median: Record<string, number>;
  total: Record<string, number>;
}

/** Runs the three compilers over the corpus in one page (the harness page), interleaved. */
export async function measureCompile(page: Page, rounds = 5): Promise<CompileResult> {
  const bundle = await build({
    entryPoints: [PAGE_ENTRY],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });
  const times = (await page.evaluate(
    ([files, r]) =>
      (window as unknown as { runCompileBench: (f: unknown, r: number) => unknown }).runCompileBench(
        files,
        r,
      ),
    [corpusCodeFiles(), rounds] as const,
  )) as CompileTimes;
  const names = Object.keys(times.perFile);
  return {
    files: times.files,
    median: Object.fromEntries(names.map((n) => [n, median(times.perFile[n as keyof typeof times.perFile])])),
    // The median whole pass: summing per-file medians would add up their rounding.
    total: Object.fromEntries(names.map((n) => [n, median(times.passes[n as keyof typeof times.passes])])),
  };
}
