import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, sourceFiles } from './importGraph.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Product code: what ships or runs the product. */
const PRODUCT = ['src', 'runtime', 'server', 'client', 'validation', 'build'];
const RUNNERS = ['vitest', '@playwright/test'];
// Playwright's config is the e2e suite's own file: it names e2e/'s global setup and environment.
const E2E_CONFIG = 'playwright.config.ts';

const under = (file: string, dir: string) => file.startsWith(`${dir}/`);
const isRunner = (specifier: string) => RUNNERS.some((r) => specifier === r || specifier.startsWith(`${r}/`));
const imported = (file: string) => {
  const { runtime, types, packages } = importsOf(ROOT, file);
  return { files: [...runtime, ...types], packages };
};

/** Tests and their tooling: `*.test.ts`, `*.spec.ts` and everything under test-support/ and e2e/. */
function isTestFile(file: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(file) || under(file, 'test-support') || under(file, 'e2e');
}

describe('test tooling stays with the tests', () => {
  it('no product file imports a test runner, test-support/ or e2e/', () => {
    const files = sourceFiles(ROOT, PRODUCT).filter((file) => !isTestFile(file));
    expect(files.length).toBeGreaterThan(300);
    // Each entry is a product file and what it imports that belongs to the tests: move it to test-support/.
    const offending = files.flatMap((file) => {
      const { files: targets, packages } = imported(file);
      const wrong = [
        ...packages.filter(isRunner),
        ...targets.filter((t) => under(t, 'test-support') || under(t, 'e2e')),
      ];
      return wrong.length > 0 ? [`${file} -> ${wrong.join(', ')}`] : [];
    });
    expect(offending).toEqual([]);
  }, 30_000);

  it('nothing outside e2e/ imports e2e/ (scripts and server tests use test-support/)', () => {
    const rootFiles = readdirSync(ROOT).filter((name) => /\.tsx?$/.test(name) && name !== E2E_CONFIG);
    const dirs = [...PRODUCT, 'scripts', 'test-support'];
    const offending = [...sourceFiles(ROOT, dirs), ...rootFiles].flatMap((file) => {
      const wrong = imported(file).files.filter((t) => under(t, 'e2e'));
      return wrong.length > 0 ? [`${file} -> ${wrong.join(', ')}`] : [];
    });
    expect(offending).toEqual([]);
  }, 30_000);
});
