import { describe, expect, it } from 'vitest';
import { makeSandpackTailwind } from './makeSandpackTailwind.ts';
import { sandpackFiles, TAILWIND_FILE } from './sandpackFiles.ts';

const DEPS = { 'date-fns': '4.4.0', react: '19.3.1', 'react-dom': '19.3.1' };
const CLASSES = 'export default () => <main className="flex p-[13px] hover:bg-[#ff0000] dark:bg-black" />;';

/** The CSS with its quoted strings blanked: what is left is rules the browser reads as rules. */
const outsideStrings = (css: string) => css.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g, '""');

describe('makeSandpackTailwind', () => {
  it("compiles an app's classes with Tailwind's compiler, dark following the launcher's data-theme", async () => {
    const made = await makeSandpackTailwind({ 'src/App.tsx': CLASSES });
    expect(made?.sheets).toEqual([]);
    expect(made?.css).toContain('.p-\\[13px\\]');
    expect(made?.css).toContain('padding: 13px');
    expect(made?.css).toContain('[data-theme=dark]');
  });

  it('stays off for an app with CSS of its own (validation/tailwindUse.ts)', async () => {
    expect(await makeSandpackTailwind({ 'src/App.tsx': CLASSES, 'src/App.css': '.x{}' })).toBeUndefined();
  });

  it('compiles a sheet that imports tailwindcss, and the bundler gets it empty with the CSS in our file', async () => {
    const files = {
      'src/App.tsx': `import './index.css';\n${CLASSES}`,
      'src/index.css': '@import "tailwindcss";\n.own { color: rgb(1, 2, 3); }\n',
    };
    const made = await makeSandpackTailwind(files);
    expect(made?.sheets).toEqual(['src/index.css']);
    expect(made?.css).toContain('rgb(1, 2, 3)');
    const out = sandpackFiles(files, DEPS, made);
    expect(out['/src/index.css']).toBe('');
    expect(out[TAILWIND_FILE]).toBe(made?.css);
    // Before the app's modules, so its own CSS comes later and wins.
    expect(out['/index.tsx']).toMatch(
      /^import '\.\/room-local-storage\.js';\nimport '@room\/sdk';\nimport '\.\/room-tailwind\.css';\n.*import App/s,
    );
  });

  it('gives the bundler no Tailwind file for an app without Tailwind', () => {
    const out = sandpackFiles({ 'src/App.tsx': '' }, DEPS);
    expect(out[TAILWIND_FILE]).toBeUndefined();
    expect(out['/index.tsx']).not.toContain('tailwind');
  });

  it('keeps hostile class names inside their rules: no @import, no rule of their own, URLs only in url()', async () => {
    const hostile = [
      '[color:red;}body{background:red]',
      'bg-[red;}@import_url(https://evil.example/a.css);{]',
      'content-[";}@import_url(https://evil.example/b.css);"]',
      "content-['</style><script>alert(1)</script>']",
      '[&;}@import_url(https://evil.example/c.css);{]:p-1',
      'supports-[x;}@import_url(https://evil.example/d.css);{]:p-1',
    ];
    const made = await makeSandpackTailwind({ 'src/App.tsx': `<i className="p-1 ${hostile.join(' ')}" />` });
    const rules = outsideStrings(made?.css ?? '');
    expect(made?.css).toContain('.p-1');
    expect(rules).not.toMatch(/@import/);
    expect(rules).not.toMatch(/(^|[\s}])body\s*\{/);
  });

  it("drops the app's @import of a URL, however its name is written, and keeps the rest of its sheet", async () => {
    const files = {
      'src/App.tsx': `import './index.css';\n${CLASSES}`,
      'src/index.css': [
        '@import "tailwindcss";',
        '@import url("https://evil.example/a.css");',
        '@import "https://evil.example/b.css" screen;',
        '@\\69mport url(https://evil.example/c.css);',
        '@IM\\PORT url(https://evil.example/d.css);',
        '.own { color: rgb(1, 2, 3); }',
      ].join('\n'),
    };
    const made = await makeSandpackTailwind(files);
    expect(made?.css).toContain('rgb(1, 2, 3)');
    expect(made?.css).toContain('.p-\\[13px\\]');
    expect(made?.css).not.toContain('evil.example');
  });

  it("compiles v3's @tailwind directives, and refuses, by name, a tailwind.config it would have to run", async () => {
    const files = {
      'src/App.tsx': `import './index.css';\n${CLASSES}`,
      'src/index.css':
        '@tailwind base;\n@tailwind components;\n@tailwind utilities;\n.own { color: rgb(1, 2, 3); }\n',
    };
    const made = await makeSandpackTailwind(files);
    expect(made?.sheets).toEqual(['src/index.css']);
    expect(made?.css).toContain('padding: 13px');
    expect(made?.css).not.toContain('@tailwind');
    const configured = { ...files, 'tailwind.config.js': 'module.exports = { theme: {} };' };
    await expect(makeSandpackTailwind(configured)).rejects.toThrow(
      /^tailwind\.config\.js is not applied to an app that runs with Sandpack/,
    );
  });
});
