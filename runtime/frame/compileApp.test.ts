import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RUNTIME_VERSION } from '../runtimeVersion.ts';

const compiled: string[] = [];
vi.mock('./compile.ts', async (original) => {
  const real = await original<typeof import('./compile.ts')>();
  return {
    compile: (path: string, code: string) => {
      compiled.push(path);
      return real.compile(path, code);
    },
  };
});
const { compileAhead, compileApp } = await import('./compileApp.ts');

const V1 = {
  'src/App.tsx': "import { label } from './label';\nexport default () => <p>{label}</p>;\n",
  'src/label.ts': "export const label: string = 'one';\n",
  'src/util.ts': 'export const twice = (n: number) => n * 2;\n',
  'src/app.css': 'p { color: red }',
};

describe('compileApp', () => {
  beforeEach(() => {
    compiled.length = 0;
  });

  it('after an update compiles only the changed file, and reports every module for the cache', async () => {
    const cached = {
      version: RUNTIME_VERSION,
      modules: { 'src/App.tsx': 'cached app', 'src/util.ts': 'cached util' },
    };
    const v2 = { ...V1, 'src/label.ts': "export const label: string = 'two';\n" };
    const app = await compileApp(v2, cached);
    expect(compiled).toEqual(['src/label.ts']);
    expect(app.compiled).toBe(1);
    expect(app.code.get('src/App.tsx')).toBe('cached app');
    expect(app.code.get('src/label.ts')).toContain("'two'");
    expect(Object.keys(app.fresh?.modules ?? {}).sort()).toEqual([
      'src/App.tsx',
      'src/label.ts',
      'src/util.ts',
    ]);
  });

  it('compiles nothing on a full hit, and reports nothing', async () => {
    const modules = { 'src/App.tsx': 'a', 'src/label.ts': 'b', 'src/util.ts': 'c' };
    const app = await compileApp(V1, { version: RUNTIME_VERSION, modules });
    expect(compiled).toEqual([]);
    expect(app.fresh).toBeUndefined();
  });

  it('takes what a warm frame compiled ahead only while the source is the same', async () => {
    await compileAhead(V1, () => true);
    expect(compiled.sort()).toEqual(['src/App.tsx', 'src/label.ts', 'src/util.ts']);
    compiled.length = 0;
    const v2 = { ...V1, 'src/util.ts': 'export const twice = (n: number) => n + n;\n' };
    const app = await compileApp(v2);
    expect(compiled).toEqual(['src/util.ts']);
    expect(app.code.get('src/util.ts')).toContain('n + n');
    // Compiled ahead is still compiled by this frame: the host gets all of it for its cache.
    expect(Object.keys(app.fresh?.modules ?? {}).sort()).toEqual([
      'src/App.tsx',
      'src/label.ts',
      'src/util.ts',
    ]);
  });

  it('stops compiling ahead once the app runs', async () => {
    let left = 1;
    await compileAhead(
      { 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': 'export const b = 2;\n' },
      () => left-- > 0,
    );
    expect(compiled).toEqual(['src/a.ts']);
  });
});
