import * as Babel from '@babel/standalone';
import { transform } from 'sucrase';
import { compile } from '../../runtime/frame/compile.ts';

/** Browser side of the compile bench: the runtime's compile, raw Sucrase and Babel, on the same files. */

type Compiler = (path: string, code: string) => unknown;

const isTs = (path: string) => /\.tsx?$/.test(path);

const compilers: Record<'runtime' | 'sucrase' | 'babel', Compiler> = {
  runtime: compile,
  // Sucrase with its defaults: what the runtime's options and wrapper cost shows against it.
  sucrase: (path, code) =>
    transform(code, { transforms: isTs(path) ? ['typescript', 'jsx', 'imports'] : ['jsx', 'imports'] }),
  babel: (path, code) =>
    Babel.transform(code, {
      filename: path,
      presets: [
        ['react', { runtime: 'automatic' }],
        ...(isTs(path) ? [['typescript', { isTSX: path.endsWith('x'), allExtensions: true }]] : []),
      ],
      plugins: ['transform-modules-commonjs'],
    }),
};

export interface CompileTimes {
  files: number;
  /** Per compiler: each file's median time (ms) over the rounds, in file order. */
  perFile: Record<keyof typeof compilers, number[]>;
  /** Per compiler: one whole pass over the files (ms), per round. */
  passes: Record<keyof typeof compilers, number[]>;
}

function time(fn: () => unknown): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

/** One file's time per compile: repeated until 2 ms have passed, as the page's clock ticks in 0.1 ms. */
function timePerCompile(fn: () => unknown): number {
  const started = performance.now();
  let reps = 0;
  let elapsed = 0;
  while (elapsed < 2) {
    fn();
    reps += 1;
    elapsed = performance.now() - started;
  }
  return elapsed / reps;
}

/** Compiles every file that all three accept, once to warm up and then `rounds` times, interleaved. */
function runCompileBench(files: [string, string][], rounds: number): CompileTimes {
  const usable = files.filter(([path, code]) => {
    try {
      for (const c of Object.values(compilers)) c(path, code);
      return true;
    } catch {
      return false;
    }
  });
  const names = Object.keys(compilers) as (keyof typeof compilers)[];
  const samples = Object.fromEntries(names.map((n) => [n, usable.map(() => [] as number[])])) as Record<
    keyof typeof compilers,
    number[][]
  >;
  const passes = Object.fromEntries(names.map((n) => [n, [] as number[]])) as CompileTimes['passes'];
  for (let r = 0; r < rounds; r++) {
    // Rotate who goes first, so no compiler always pays for the garbage the previous one left.
    const order = names.map((_, k) => names[(k + r) % names.length] as (typeof names)[number]);
    for (const n of order)
      passes[n].push(
        time(() => {
          for (const [path, code] of usable) compilers[n](path, code);
        }),
      );
    usable.forEach(([path, code], i) => {
      for (const n of order) samples[n][i]?.push(timePerCompile(() => compilers[n](path, code)));
    });
  }
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  return {
    files: usable.length,
    perFile: Object.fromEntries(names.map((n) => [n, samples[n].map(mid)])) as CompileTimes['perFile'],
    passes,
  };
}

Object.assign(window, { runCompileBench });
