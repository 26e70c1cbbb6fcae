import { describe, expect, it } from 'vitest';
import { externalPackages } from './bareImports.ts';
import { filesNotRun, mountEntry } from './projectFiles.ts';
import { checkFiles, LIMITS } from './proposal.ts';

const MAIN = [
  "import { StrictMode } from 'react';",
  "import { createRoot } from 'react-dom/client';",
  "import './index.css';",
  "import App from './App.tsx';",
  '',
  "createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);",
].join('\n');

const vite = (extra: Record<string, string> = {}) => ({
  'index.html': '<!doctype html><div id="root"></div><script type="module" src="/src/main.tsx"></script>',
  'package.json': JSON.stringify({
    scripts: { dev: 'vite', build: 'tsc -b && vite build' },
    devDependencies: { vite: '^6.0.0', '@vitejs/plugin-react': '^4.3.4', typescript: '~5.6.2' },
  }),
  'vite.config.ts': "import { defineConfig } from 'vite';\nexport default defineConfig({});",
  'tsconfig.json': '{ "files": [], "references": [{ "path": "./tsconfig.app.json" }] }',
  'src/main.tsx': MAIN,
  'src/index.css': 'body { margin: 0 }',
  'src/App.tsx': 'export default function App() { return <p>hi</p>; }',
  ...extra,
});

describe('project files (rule 5)', () => {
  it('tells a mount entry: React, the App file and CSS only; its CSS in order', () => {
    expect(mountEntry(vite())).toEqual({ path: 'src/main.tsx', css: ['src/index.css'] });
    expect(mountEntry(vite({ 'src/main.tsx': `${MAIN}\nimport { track } from './track';` }))).toBeUndefined();
    expect(
      mountEntry(vite({ 'src/main.tsx': MAIN.replace("import App from './App.tsx';", '') })),
    ).toBeUndefined();
    expect(filesNotRun(vite())).toEqual(['index.html', 'src/main.tsx', 'vite.config.ts']);
  });

  it('marks a public/ file not run unless code imports it (`/vite.svg`); `<img src="/x">` is a URL the frame cannot load', () => {
    const files = vite({
      'public/vite.svg': '<svg/>',
      'public/favicon.svg': '<svg/>',
      'public/index.html': '<div id="root"></div>',
      'src/App.tsx':
        'import viteLogo from \'/vite.svg\';\nexport default () => <><img src={viteLogo}/><img src="/favicon.svg"/></>;',
    });
    expect(filesNotRun(files)).toEqual([
      'index.html',
      'public/favicon.svg',
      'src/main.tsx',
      'vite.config.ts',
    ]);
  });

  it('does not count project files toward the 12 that run, and holds each to 16 KB', () => {
    const files: Record<string, string> = vite();
    for (let i = 1; i < LIMITS.maxFiles - 1; i++) files[`src/f${i}.ts`] = '';
    // 12 that run (App, index.css and ten more) plus four project files and the mount entry.
    expect(Object.keys(files)).toHaveLength(17);
    expect(checkFiles(files)).toBeUndefined();
    expect(checkFiles({ ...files, 'src/one-more.ts': '' })).toMatchObject({
      code: 'too_large',
      message: expect.stringContaining('13 files that run'),
    });
    expect(checkFiles({ ...files, 'vite.config.ts': 'x'.repeat(16 * 1024 + 1) })).toMatchObject({
      code: 'too_large',
      message: expect.stringContaining("project file 'vite.config.ts' is 16.0 KB, over 16 KB"),
    });
  });

  it('never pins what a build config imports', () => {
    expect(externalPackages(vite())).toEqual([]);
    expect(checkFiles(vite())).toBeUndefined();
  });
});
