import path from 'node:path';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

it('bundles for the browser with no Node built-ins, require or eval', async () => {
  const out = await build({
    entryPoints: [
      'proposal.ts',
      'idempotencyKey.ts',
      'toolInput.ts',
      'reviewFlags.ts',
      'codeFlags.ts',
      'confusableNames.ts',
      'networkDeclaration.ts',
    ].map((f) => path.join(import.meta.dirname, f)),
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    outdir: 'out',
    logLevel: 'silent',
  });
  expect(out.errors).toEqual([]);
  for (const file of out.outputFiles)
    expect(file.text).not.toMatch(/\brequire\(|\bnew Function\(|\beval\(|from "node:/);
});
