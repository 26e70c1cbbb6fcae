import { describe, expect, it } from 'vitest';
import { compile } from './compile.ts';
import { LoaderError, ModuleLoader } from './ModuleLoader.ts';

const provided = { react: { version: 'stub-react' } };

function loaderFor(files: Record<string, string>) {
  const css: string[] = [];
  const loader = new ModuleLoader(files, provided, (path) => css.push(path), compile);
  return { loader, css };
}

const run = (files: Record<string, string>, entry = 'src/App.tsx') => {
  const { loader, css } = loaderFor(files);
  return { exports: loader.load(entry) as Record<string, unknown>, css };
};

describe('ModuleLoader', () => {
  it('links default, named and namespace imports and re-exports across folders and index files', () => {
    const { exports } = run({
      'src/App.tsx': [
        "import greet, { twice } from './lib';",
        "import * as all from './lib/math.ts';",
        "export { twice as again } from './lib';",
        'export default () => `${greet()} ${twice(2)} ${all.square(3)}`;',
      ].join('\n'),
      'src/lib/index.ts': [
        "export { twice } from './math';",
        "export default function greet(): string { return 'hi'; }",
      ].join('\n'),
      'src/lib/math.ts': [
        'export const twice = (n: number) => n * 2;',
        'export function square(n: number) { return n * n; }',
      ].join('\n'),
    });
    expect((exports.default as () => string)()).toBe('hi 4 9');
    expect((exports.again as (n: number) => number)(5)).toBe(10);
  });

  it('gives circular imports CommonJS semantics: the cycle sees partial exports, later calls see all', () => {
    const { exports } = run({
      'src/App.tsx': "import { a, seenB } from './a';\nexport default () => [a(), seenB];",
      'src/a.ts':
        "import { b } from './b';\nexport const seenB = typeof b;\nexport const a = () => 'a' + b();",
      'src/b.ts': "import { a } from './a';\nexport const seenA = typeof a;\nexport const b = () => 'b';",
    });
    expect((exports.default as () => unknown[])()).toEqual(['ab', 'function']);
  });

  it('parses JSON modules and hands CSS over in import order', () => {
    const { exports, css } = run({
      'src/App.tsx':
        "import './first.css';\nimport data from './data.json';\nimport './second.css';\nexport default data;",
      'src/first.css': 'a{}',
      'src/second.css': 'b{}',
      'src/data.json': '{"n": 3}',
    });
    expect(exports.default).toEqual({ n: 3 });
    expect(css).toEqual(['src/first.css', 'src/second.css']);
  });

  it('serves provided modules and returns a Promise from import() of a relative file', async () => {
    const { exports } = run({
      'src/App.tsx':
        "import * as React from 'react';\nexport const v = React.version;\nexport const lazy = () => import('./Later');",
      'src/Later.tsx': 'export default 42;',
    });
    expect(exports.v).toBe('stub-react');
    const later = (exports.lazy as () => Promise<{ default: number }>)();
    expect(later).toBeInstanceOf(Promise);
    expect((await later).default).toBe(42);
  });

  it('names the specifier and the importing file, with its line, when an import does not resolve', () => {
    const { loader } = loaderFor({
      'src/App.tsx':
        "import ok from './ok';\nimport missing from './missing';\nexport default [ok, missing];",
      'src/ok.ts': 'export default 1;',
    });
    const error = catchLoaderError(() => loader.load('src/App.tsx'));
    expect(error.toFrameError()).toMatchObject({
      code: 'unresolved_import',
      file: 'src/App.tsx',
      line: 2,
    });
    expect(error.message).toContain('"./missing"');
  });

  it('reports a bare import outside the provided set as unresolved, never reaching outside the map', () => {
    const { loader } = loaderFor({
      'src/App.tsx': "import fs from 'fs';\nimport up from '../../outside';\nexport default fs;",
    });
    expect(catchLoaderError(() => loader.load('src/App.tsx')).message).toContain('not a provided module');
    const { loader: second } = loaderFor({
      'src/App.tsx': "import up from '../../outside';\nexport default up;",
    });
    expect(catchLoaderError(() => second.load('src/App.tsx')).message).toContain('no such file');
  });

  it('locates compile errors at the file, line and column Sucrase reports', () => {
    const { loader } = loaderFor({ 'src/App.tsx': 'const a = 1;\nconst b = ;\nexport default a;\n' });
    const error = catchLoaderError(() => loader.load('src/App.tsx')).toFrameError();
    expect(error).toMatchObject({ code: 'compile_error', file: 'src/App.tsx', line: 2, column: 11 });
  });

  it('keeps line numbers exact: a runtime error stacks at the line that threw', () => {
    const { loader } = loaderFor({
      'src/App.tsx': "const a = 1;\n\n\nthrow new Error('boom at four');\nexport default a;",
    });
    let stack = '';
    try {
      loader.load('src/App.tsx');
    } catch (err) {
      stack = (err as Error).stack ?? '';
    }
    expect(stack).toMatch(/src\/App\.tsx:4:\d+/);
  });
});

function catchLoaderError(fn: () => unknown): LoaderError {
  try {
    fn();
  } catch (err) {
    if (err instanceof LoaderError) return err;
    throw err;
  }
  throw new Error('expected a LoaderError');
}

describe('ModuleLoader through the one resolver', () => {
  it('follows @/ and tsconfig paths, serves .svg as a data: URL and ?raw as text', () => {
    const { exports } = run({
      'src/App.tsx': [
        "import { cn } from '@/lib/utils';",
        "import Card from '~ui/card';",
        "import logo from './logo.svg';",
        "import notes from '../notes.md?raw';",
        'export default () => [cn(), Card, logo, notes];',
      ].join('\n'),
      'src/lib/utils.ts': "export const cn = () => 'cn';",
      'src/components/card.tsx': "export default 'card';",
      'src/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>',
      'notes.md': '# Notes',
      'tsconfig.json':
        '{ "compilerOptions": { "paths": { "@/*": ["src/*"], "~ui/*": ["src/components/*"] } } }',
    });
    expect((exports.default as () => string[])()).toEqual([
      'cn',
      'card',
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>')}`,
      '# Notes',
    ]);
  });

  it('names the file an alias leads to, and the kinds it serves', () => {
    const { loader } = loaderFor({
      'src/App.tsx': "import { Card } from '@/components/ui/card';\nexport default Card;",
    });
    expect(catchLoaderError(() => loader.load('src/App.tsx')).message).toBe(
      'Cannot import "@/components/ui/card" from src/App.tsx: `@/components/ui/card` resolves to `src/components/ui/card.tsx`, which the proposal does not include',
    );
    const png = loaderFor({ 'src/App.tsx': "import p from './p.png';\nexport default p;", 'src/p.png': 'x' });
    expect(catchLoaderError(() => png.loader.load('src/App.tsx')).message).toContain(
      'it serves code (.tsx, .ts, .jsx, .js, .mjs, .cjs), .css, .json, .svg (as a data: URL) and any text file with ?raw',
    );
  });
});
