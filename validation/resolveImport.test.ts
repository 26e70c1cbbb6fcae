import { describe, expect, it } from 'vitest';
import { externalPackages } from './bareImports.ts';
import { checkImports } from './importCheck.ts';
import { importLinks } from './importLinks.ts';
import { ALIAS_LIMITS, type Aliases, DEFAULT_ALIASES, readAliases } from './pathAliases.ts';
import { resolveImport } from './resolveImport.ts';

const app = (extra: Record<string, string>) => ({
  'src/App.tsx': 'export default function App() { return null; }',
  ...extra,
});
const aliasesOf = (files: Record<string, string>): Aliases => {
  const a = readAliases(files);
  if ('problem' in a) throw new Error(a.problem);
  return a;
};
const tsconfig = (compilerOptions: unknown, extra = '') =>
  `{\n  // the app's own\n  "compilerOptions": ${JSON.stringify(compilerOptions)},${extra}\n}`;

describe('resolveImport', () => {
  it('reads @/ as src/ by default, with the extensions and index files a bundler tries', () => {
    const files = app({ 'src/lib/utils.ts': '', 'src/components/ui/index.tsx': '' });
    expect(resolveImport(files, 'src/App.tsx', '@/lib/utils', DEFAULT_ALIASES)).toEqual({
      kind: 'file',
      path: 'src/lib/utils.ts',
      as: 'module',
    });
    expect(resolveImport(files, 'src/App.tsx', '@/components/ui', DEFAULT_ALIASES)).toMatchObject({
      path: 'src/components/ui/index.tsx',
    });
  });

  it('names the file an alias leads to when the proposal lacks it', () => {
    const r = resolveImport(app({}), 'src/App.tsx', '@/components/ui/card', DEFAULT_ALIASES);
    expect(r).toEqual({
      kind: 'missing',
      message:
        '`@/components/ui/card` resolves to `src/components/ui/card.tsx`, which the proposal does not include',
    });
  });

  it('honours tsconfig paths with wildcards (JSON with comments and trailing commas), longest prefix first', () => {
    const files = app({
      'tsconfig.json': tsconfig({
        paths: { '~/*': ['./app/*'], '~/ui/*': ['lib/ui/*'], '#utils': ['src/u.ts'] },
      }),
      'app/x.ts': '',
      'lib/ui/button.tsx': '',
      'src/u.ts': '',
    });
    // tsconfig() writes a line comment and a trailing comma, as editors leave them.
    const a = aliasesOf(files);
    expect(resolveImport(files, 'src/App.tsx', '~/x', a)).toMatchObject({ path: 'app/x.ts' });
    expect(resolveImport(files, 'src/App.tsx', '~/ui/button', a)).toMatchObject({
      path: 'lib/ui/button.tsx',
    });
    expect(resolveImport(files, 'src/App.tsx', '#utils', a)).toMatchObject({ path: 'src/u.ts' });
    // Paths replace the default: `@/` is a package name again (and the registry refuses it).
    expect(resolveImport(files, 'src/App.tsx', '@/x', a)).toEqual({ kind: 'package', name: '@/x' });
  });

  it('resolves paths and bare names against baseUrl', () => {
    const files = app({
      'jsconfig.json': tsconfig({ baseUrl: 'src', paths: { '@ui/*': ['components/*'] } }),
      'src/components/Card.jsx': '',
      'src/hooks/useThing.js': '',
    });
    const a = aliasesOf(files);
    expect(resolveImport(files, 'src/App.tsx', '@ui/Card', a)).toMatchObject({
      path: 'src/components/Card.jsx',
    });
    expect(resolveImport(files, 'src/App.tsx', 'hooks/useThing', a)).toMatchObject({
      path: 'src/hooks/useThing.js',
    });
    expect(resolveImport(files, 'src/App.tsx', 'date-fns/format', a)).toEqual({
      kind: 'package',
      name: 'date-fns',
    });
  });

  it('never leaves the app: a capture with .. past the root resolves to nothing', () => {
    const files = app({ 'package.json': '{}' });
    expect(resolveImport(files, 'src/App.tsx', '@/../../etc/passwd', DEFAULT_ALIASES).kind).toBe('missing');
    expect(resolveImport(files, 'src/App.tsx', '../../etc/passwd?raw', DEFAULT_ALIASES).kind).toBe('missing');
    expect(resolveImport(files, 'src/App.tsx', '/etc/passwd?raw', DEFAULT_ALIASES).kind).toBe('missing');
    // Inside the app, `..` is a path like any other.
    expect(resolveImport(files, 'src/App.tsx', '@/../package.json?raw', DEFAULT_ALIASES)).toMatchObject({
      path: 'package.json',
      as: 'raw',
    });
  });

  it('serves .svg as a URL, any text file with ?raw, and says which kinds it serves for others', () => {
    const files = app({ 'src/logo.svg': '<svg/>', 'src/notes.md': '# hi', 'src/photo.png': 'x' });
    expect(resolveImport(files, 'src/App.tsx', './logo.svg', DEFAULT_ALIASES)).toMatchObject({ as: 'svg' });
    expect(resolveImport(files, 'src/App.tsx', './notes.md?raw', DEFAULT_ALIASES)).toMatchObject({
      as: 'raw',
    });
    expect(resolveImport(files, 'src/App.tsx', './App.tsx?raw', DEFAULT_ALIASES)).toMatchObject({
      as: 'raw',
    });
    const png = resolveImport(files, 'src/App.tsx', './photo.png', DEFAULT_ALIASES);
    expect(png).toMatchObject({ kind: 'unsupported' });
    expect(png.kind === 'unsupported' && png.message).toContain(
      '.svg (as a data: URL) and any text file with ?raw',
    );
    expect(resolveImport(files, 'src/App.tsx', './logo.svg?url', DEFAULT_ALIASES)).toMatchObject({
      kind: 'unsupported',
    });
  });

  it('reads /x as Vite does, public/x, for the asset kinds (.svg, ?raw); a missing one names public/x', () => {
    const files = app({ 'public/vite.svg': '<svg/>', 'public/notes.txt': 'hi', 'public/x.js': '' });
    expect(resolveImport(files, 'src/App.tsx', '/vite.svg', DEFAULT_ALIASES)).toEqual({
      kind: 'file',
      path: 'public/vite.svg',
      as: 'svg',
    });
    expect(resolveImport(files, 'src/components/Logo.tsx', '/notes.txt?raw', DEFAULT_ALIASES)).toEqual({
      kind: 'file',
      path: 'public/notes.txt',
      as: 'raw',
    });
    expect(resolveImport(files, 'src/App.tsx', '/react.svg', DEFAULT_ALIASES)).toEqual({
      kind: 'missing',
      message:
        '"/react.svg" is not a file of the app: Vite serves it from public/react.svg, which the proposal does not include',
    });
    // Code in public/ is copied as-is by Vite, never imported: not a module here either.
    expect(resolveImport(files, 'src/App.tsx', '/x.js', DEFAULT_ALIASES)).toMatchObject({
      kind: 'unsupported',
    });
    // Never outside public/ or the app: `..`, a protocol-relative URL.
    const outside = app({ 'public/a.svg': '', 'src/a.svg': '', 'a.svg': '' });
    for (const spec of ['/../a.svg', '/../src/a.svg', '//a.svg', '//evil.test/a.svg'])
      expect(resolveImport(outside, 'src/App.tsx', spec, DEFAULT_ALIASES)).toMatchObject({ kind: 'missing' });
  });
});

describe('readAliases bounds', () => {
  const problem = (compilerOptions: unknown, extra: Record<string, string> = {}) => {
    const a = readAliases(app({ 'tsconfig.json': tsconfig(compilerOptions), ...extra }));
    return 'problem' in a ? a.problem : undefined;
  };
  it('refuses a target outside the app, naming the pattern', () => {
    expect(problem({ paths: { '@/*': ['../*'] } })).toBe(
      'tsconfig.json: paths "@/*": target "../*" is outside the app\'s files',
    );
    expect(problem({ baseUrl: 'src', paths: { 'x/*': ['../../*'] } })).toContain('outside');
    expect(problem({ paths: { 'x/*': ['/etc/*'] } })).toContain('outside');
    expect(problem({ paths: { 'x/*': ['https://evil.test/*'] } })).toContain('outside');
    expect(problem({ baseUrl: '..' })).toContain('outside');
  });
  it('refuses more patterns, targets or stars than the bounds', () => {
    const many = Object.fromEntries(
      Array.from({ length: ALIAS_LIMITS.maxPatterns + 1 }, (_, i) => [`p${i}/*`, [`src/${i}/*`]]),
    );
    expect(problem({ paths: many })).toContain('11 paths patterns, at most 10');
    expect(problem({ paths: { 'a/*': ['a/*', 'b/*', 'c/*', 'd/*'] } })).toContain('4 targets, at most 3');
    expect(problem({ paths: { 'a/*/*': ['a/*/*'] } })).toContain('at most one *');
    expect(problem({ paths: { 'a/*': ['src/x'] } })).toContain(
      'must hold a * exactly where the pattern does',
    );
    expect(problem({ paths: { 'a/*': 'src/*' } })).toContain('must map to a list');
  });
  it('does not follow extends, and says where JSON with comments is broken', () => {
    expect(readAliases(app({ 'tsconfig.json': '{ "extends": "../../base.json" }' }))).toMatchObject({
      rules: DEFAULT_ALIASES.rules,
    });
    expect(problem({}, {}) ?? '').toBe('');
    const broken = readAliases(app({ 'tsconfig.json': '{ "compilerOptions": { "paths": { } ' }));
    expect('problem' in broken && broken.problem).toMatch(/^tsconfig\.json is not valid JSON with comments/);
  });
});

describe('checkImports at the gate', () => {
  it('refuses an alias that shadows a provided module or a declared package, naming the pattern', () => {
    const shadow = (paths: unknown, extra: Record<string, string> = {}) =>
      checkImports(app({ 'tsconfig.json': tsconfig({ paths }), ...extra }))?.message;
    expect(shadow({ react: ['src/fake-react.ts'] })).toBe(
      'tsconfig.json: paths "react" would shadow "react" (a module the Room runtime provides): rename the alias',
    );
    expect(shadow({ '*': ['src/*'] })).toContain('paths "*" would shadow "react"');
    expect(shadow({ 'react-dom/*': ['src/*'] })).toContain('would shadow "react-dom"');
    expect(shadow({ '@room/*': ['src/*'] })).toContain('would shadow "@room/sdk"');
    expect(
      shadow({ 'clsx/*': ['src/*'] }, { 'package.json': '{"dependencies":{"clsx":"2.1.1"}}' }),
    ).toContain('would shadow "clsx" (a package the app declares)');
    expect(
      shadow({ '@/*': ['src/*'] }, { 'package.json': '{"dependencies":{"clsx":"2.1.1"}}' }),
    ).toBeUndefined();
    expect(
      checkImports(app({ 'tsconfig.json': tsconfig({ baseUrl: 'src' }), 'src/react.ts': '' })),
    ).toMatchObject({
      code: 'invalid_alias',
      message: 'tsconfig.json: baseUrl "src" makes src/react.ts shadow "react": rename the file',
    });
    // A subpath: `date-fns/format` would run the app's own file while the card shows the package.
    expect(
      checkImports(
        app({
          'package.json': '{"dependencies":{"date-fns":"3.6.0"}}',
          'tsconfig.json': tsconfig({ baseUrl: 'src' }),
          'src/date-fns/format.ts': 'export const format = () => "mine";',
        }),
      ),
    ).toMatchObject({
      code: 'invalid_alias',
      message: 'tsconfig.json: baseUrl "src" makes src/date-fns/format.ts shadow "date-fns": rename the file',
    });
    expect(
      checkImports(app({ 'jsconfig.json': tsconfig({ baseUrl: '.' }), 'react-dom/server.js': '' })),
    ).toMatchObject({
      code: 'invalid_alias',
      message: expect.stringContaining('react-dom/server.js shadow "react-dom"'),
    });
  });

  it('reads only keys the config spells: `__proto__` hides nothing (TypeScript sees an unknown option)', () => {
    const files = app({
      'tsconfig.json': '{"compilerOptions":{"__proto__":{"baseUrl":"lib","paths":{"@/*":["lib/*"]}}}}',
      'lib/x.ts': 'export default 1;',
    });
    expect(readAliases(files)).toEqual({ ...DEFAULT_ALIASES, source: 'tsconfig.json' });
    expect(
      readAliases(app({ 'tsconfig.json': '{"__proto__":{"compilerOptions":{"baseUrl":"lib"}}}' })),
    ).toEqual({
      ...DEFAULT_ALIASES,
      source: 'tsconfig.json',
    });
  });

  it('names the file, the import and the missing target', () => {
    const files = app({
      'src/App.tsx': "import { Card } from '@/components/ui/card';\nexport default () => <Card/>;",
    });
    expect(checkImports(files)).toEqual({
      code: 'unresolved_import',
      message:
        'src/App.tsx:1: `@/components/ui/card` resolves to `src/components/ui/card.tsx`, which the proposal does not include',
      detail: { file: 'src/App.tsx', line: 1, import: '@/components/ui/card' },
    });
  });

  it('refuses an import of a kind the runtime cannot serve; leaves a missing relative file to the frame', () => {
    const png = app({
      'src/App.tsx': "import p from './p.png';\nexport default () => <img src={p}/>;",
      'src/p.png': 'x',
    });
    expect(checkImports(png)?.message).toContain(
      'src/App.tsx:1: "./p.png" is src/p.png, which the Room runtime cannot import',
    );
    expect(
      checkImports(app({ 'src/App.tsx': "import './nowhere';\nexport default () => null;" })),
    ).toBeUndefined();
  });

  it("takes a Vite template's `import viteLogo from '/vite.svg'` when public/vite.svg is proposed, else names it", () => {
    const code = "import viteLogo from '/vite.svg';\nexport default () => <img src={viteLogo}/>;";
    expect(checkImports(app({ 'src/App.tsx': code, 'public/vite.svg': '<svg/>' }))).toBeUndefined();
    expect(checkImports(app({ 'src/App.tsx': code }))?.message).toBe(
      'src/App.tsx:1: "/vite.svg" is not a file of the app: Vite serves it from public/vite.svg, which the proposal does not include',
    );
  });
});

// Attacks on the alias and asset surface: each case below was tried against this code.
describe('hostile configs and specifiers', () => {
  it('refuses a tsconfig nested past what the parser can hold, or over 16 KB, instead of crashing the gate', () => {
    const deep = `{"compilerOptions":${'['.repeat(7000)}${']'.repeat(7000)}}`;
    expect(checkImports(app({ 'tsconfig.json': deep }))).toEqual({
      code: 'invalid_alias',
      message: 'tsconfig.json is nested too deeply to read',
    });
    expect(checkImports(app({ 'jsconfig.json': `{}${' '.repeat(16 * 1024)}` }))?.message).toBe(
      'jsconfig.json is over 16 KB',
    );
  });

  it('keeps a target inside the app whatever the capture holds, and a baseUrl escape refused', () => {
    const files = app({ 'tsconfig.json': tsconfig({ paths: { 'x/*': ['src/*'] } }), 'secret.txt': 's' });
    const a = aliasesOf(files);
    expect(resolveImport(files, 'src/App.tsx', 'x/../../../../etc/passwd?raw', a).kind).toBe('missing');
    expect(problemOf({ baseUrl: 'src/../..' })).toContain('outside');
    expect(problemOf({ paths: { 'x/*': ['src/../../*'] } })).toContain('outside');
    expect(problemOf({ paths: { 'x/*': ['C:/*'] } })).toContain('outside');
  });

  it('refuses * patterns that would catch a provided module through a subpath or a prefix', () => {
    const shadow = (paths: unknown) => checkImports(app({ 'tsconfig.json': tsconfig({ paths }) }))?.message;
    expect(shadow({ 'rea*': ['src/*'] })).toContain('would shadow "react"');
    expect(shadow({ 'react/jsx-*': ['src/*'] })).toContain('would shadow "react"');
    // It could match react/x-dom, a subpath of react.
    expect(shadow({ '*-dom': ['src/*'] })).toContain('paths "*-dom" would shadow "react"');
    expect(shadow({ '@room/sdk': ['src/sdk.ts'] })).toContain('would shadow "@room/sdk"');
  });

  it('reads escaped specifiers as the compiled code will: \\x2e is a dot', () => {
    const files = app({
      'src/App.tsx':
        "import x from '\\x2e/lib/x';\nimport y from '\\u0040/lib/x';\nexport default () => [x, y];",
      'src/lib/x.ts': 'export default 1;',
    });
    expect(checkImports(files)).toBeUndefined();
    expect(externalPackages(files)).toEqual([]);
  });
});

function problemOf(compilerOptions: unknown): string | undefined {
  const a = readAliases(app({ 'tsconfig.json': tsconfig(compilerOptions) }));
  return 'problem' in a ? a.problem : undefined;
}

describe('importLinks (the card)', () => {
  it('spells out alias, baseUrl and asset imports with the file each reads; plain relative code imports need none', () => {
    const files = app({
      'src/App.tsx':
        "import { cn } from '@/lib/utils';\nimport logo from './logo.svg';\nimport t from './t.md?raw';\nimport './App.css';\nexport default () => cn(logo, t);",
      'src/lib/utils.ts': 'export const cn = (...a: string[]) => a.join();',
      'src/logo.svg': '<svg/>',
      'src/t.md': 't',
      'src/App.css': '',
    });
    expect(importLinks(files)).toEqual({
      'src/App.tsx': [
        { specifier: '@/lib/utils', path: 'src/lib/utils.ts', as: 'module' },
        { specifier: './logo.svg', path: 'src/logo.svg', as: 'svg' },
        { specifier: './t.md?raw', path: 'src/t.md', as: 'raw' },
      ],
    });
  });
});

describe('checkImports reach', () => {
  it('reads the files that run (from src/App.tsx along its imports), not a test or story nothing imports', () => {
    const files = app({
      'src/App.tsx': "import { x } from '@/lib/x';\nexport default () => x;",
      'src/lib/x.ts': "import logo from '@/missing.svg';\nexport const x = logo;",
      'src/x.test.ts': "import { it } from '@/test-utils';",
    });
    expect(checkImports(files)?.message).toBe(
      'src/lib/x.ts:1: `@/missing.svg` resolves to `src/missing.svg`, which the proposal does not include',
    );
    expect(checkImports({ ...files, 'src/missing.svg': '<svg/>' })).toBeUndefined();
  });
});
