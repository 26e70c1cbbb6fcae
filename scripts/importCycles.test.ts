import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importsOf, productFiles } from './importGraph.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Product code: what ships or runs the product (tests and their helpers excluded). */
const PRODUCT = ['src', 'runtime', 'server', 'client', 'validation', 'build'];

describe('import graph', () => {
  it('has no cycle in product code, type-only imports included', () => {
    const graph = new Map<string, string[]>();
    for (const file of productFiles(ROOT, PRODUCT)) {
      const { runtime, types } = importsOf(ROOT, file);
      graph.set(file, [...runtime, ...types]);
    }
    expect(graph.size).toBeGreaterThan(300);
    // Each entry lists the modules of one cycle: move what they share to a module of its own.
    expect(cycles(graph)).toEqual([]);
  }, 30_000);

  it('finds a cycle, a self-import and leaves a chain alone', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });
});
