import { describe, expect, it } from 'vitest';
import { bareImports, externalPackages, importBindings, packageOf } from './bareImports.ts';

describe('bareImports', () => {
  it('finds static, side-effect, dynamic and require imports, skipping relative ones and comments', () => {
    const files = {
      'src/App.tsx': [
        "import { format } from 'date-fns';",
        'import confetti from "canvas-confetti";',
        "import './styles.css';",
        "import 'normalize.css';",
        "import { x } from './util';",
        "export { y } from '@scope/pkg/sub';",
        "const lazy = import('lodash-es');",
        "const cjs = require('immer');",
        "// import nope from 'commented-out';",
        "/* import also from 'block-commented'; */",
        "import * as React from 'react';",
        "import type { T } from 'type-fest';",
      ].join('\n'),
      'src/util.ts': "export const x = 1; const url = 'http://example.test/a';",
      'README.md': "import x from 'not-code'",
    };
    expect(bareImports(files)).toEqual([
      '@scope/pkg/sub',
      'canvas-confetti',
      'date-fns',
      'immer',
      'lodash-es',
      'normalize.css',
      'react',
    ]);
  });

  it('reads multi-line import lists', () => {
    const files = { 'src/App.tsx': "import {\n  a,\n  b,\n} from 'use-immer';\n" };
    expect(bareImports(files)).toEqual(['use-immer']);
  });
});

describe('externalPackages', () => {
  it('is empty for an app using only the provided set: the Sucrase path runs it', () => {
    const files = {
      'src/App.tsx':
        "import { useState } from 'react';\nimport { createRoot } from 'react-dom/client';\nimport { storage } from '@room/sdk';\nimport { jsx } from 'react/jsx-runtime';\n",
    };
    expect(externalPackages(files)).toEqual([]);
  });

  it('names packages outside the provided set, once each, by package', () => {
    const files = {
      'src/App.tsx': "import { format } from 'date-fns';\nimport { addDays } from 'date-fns/addDays';\n",
      'src/b.ts':
        "import { renderToString } from 'react-dom/server';\nimport x from '@scope/pkg/deep/file';\n",
    };
    expect(externalPackages(files)).toEqual(['@scope/pkg', 'date-fns', 'react-dom']);
  });
});

describe('packageOf', () => {
  it('keeps the scope', () => {
    expect(packageOf('@a/b/c')).toBe('@a/b');
    expect(packageOf('date-fns/format')).toBe('date-fns');
    expect(packageOf('immer')).toBe('immer');
  });
});

describe('importBindings', () => {
  it('reads named, default, namespace, subpath and re-exported bindings per specifier', () => {
    const files = {
      'src/App.tsx': [
        "import { format, addDays as plus } from 'date-fns';",
        "import parse from 'date-fns/parse';",
        "import cx, { type Value, clsx } from 'clsx';",
        "import * as Icons from 'icons';",
        "export { helper, default as Main } from 'lib/sub';",
        "export * from 'everything';",
        "const lazy = import('lazy-pkg');",
        "import 'side-effect';",
        "import type { T } from 'type-only';",
        "import { useState } from 'react';",
        "import { format as f2 } from 'date-fns';",
        "import { x } from './local';",
      ].join('\n'),
    };
    expect(Object.fromEntries(importBindings(files))).toEqual({
      clsx: { names: ['clsx'], default: true, namespace: false },
      'date-fns': { names: ['addDays', 'format'], default: false, namespace: false },
      'date-fns/parse': { names: [], default: true, namespace: false },
      everything: { names: [], default: false, namespace: true },
      icons: { names: [], default: false, namespace: true },
      'lazy-pkg': { names: [], default: false, namespace: true },
      'lib/sub': { names: ['helper'], default: true, namespace: false },
      'side-effect': { names: [], default: false, namespace: false },
    });
  });

  // Misread by the regular expressions this replaced: text that looks like an import was a dependency.
  it('never takes an import written in a template string, a string or JSX text for a dependency', () => {
    const files = {
      'src/App.tsx': [
        "const snippet = `import confetti from 'canvas-confetti';`;",
        "const help = 'run: import x from \\'lodash\\'';",
        "export default () => <p>To use it, import {'{'} a {'}'} from 'left-pad' — or require('immer')</p>;",
      ].join('\n'),
    };
    expect(bareImports(files)).toEqual([]);
  });

  it("reads aliases (the default @/ and tsconfig paths) as the app's own files, and skips build configs", () => {
    const files = {
      'src/App.tsx':
        "import { cn } from '@/lib/utils';\nimport Thing from '~/thing';\nexport default () => cn();",
      'src/lib/utils.ts': "import { clsx } from 'clsx';\nexport const cn = () => clsx();",
      'src/thing.ts': 'export default 1;',
      'tsconfig.json': '{ "compilerOptions": { "paths": { "@/*": ["./src/*"], "~/*": ["src/*"], }, }, }',
      'vite.config.ts':
        "import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\nexport default defineConfig({ plugins: [react()] });",
    };
    expect(externalPackages(files)).toEqual(['clsx']);
    expect([...importBindings(files).keys()]).toEqual(['clsx']);
  });
});
