import { describe, expect, it } from 'vitest';
import { tailwindUse } from '../../validation/tailwindUse.ts';
import { tailwindCss } from './tailwind.ts';
import { appTailwind, MAX_THEME_VALUES, tailwindConfigPath } from './tailwindConfig.ts';
import { tailwindPlan } from './tailwindPlan.ts';

/** A module that runs when loaded, as the frame's loader evaluates the config's code. */
class Lazy {
  constructor(readonly run: () => unknown) {}
}
const lazy = (run: () => unknown) => new Lazy(run);

const APP = 'import "./index.css";\nexport default () => <div className="p-4">x</div>;\n';
const V3 = '@tailwind base;\n@tailwind components;\n@tailwind utilities;\n';

/** The app's Tailwind CSS for `files`, its config's modules answered by `modules` (what the frame's loader evaluates). */
async function cssOf(
  files: Record<string, string>,
  candidates: string[],
  modules: Record<string, unknown> = {},
): Promise<string> {
  const plan = tailwindPlan(files);
  if (!plan) throw new Error('Tailwind is off');
  const load = (path: string) => {
    if (!Object.hasOwn(modules, path)) throw new Error(`no module ${path}`);
    const m = modules[path];
    return m instanceof Lazy ? m.run() : m;
  };
  const require = (_from: string, spec: string) => {
    if (!Object.hasOwn(modules, spec))
      throw new Error(`Cannot import "${spec}" from ${_from}: not a provided module`);
    return modules[spec];
  };
  return tailwindCss(plan.input, candidates, appTailwind(files, plan, { load, require }));
}

describe("Tailwind v3's directives", () => {
  it('turn Tailwind on, naming the sheet, as `@import "tailwindcss"` does', () => {
    expect(tailwindUse({ 'src/App.tsx': APP, 'src/index.css': `${V3}.x { color: red }` })).toEqual({
      on: true,
      reason: 'css-import',
      sheets: ['src/index.css'],
    });
    expect(tailwindUse({ 'src/App.tsx': APP, 'src/a.css': '/* @tailwind base; */ .a{}' }).on).toBe(false);
  });

  it("compile to the same CSS as v4's import, with the CSS beside them, @layer base variables and @apply", async () => {
    const own =
      '@layer base {\n  :root { --brand: 10 20 30; }\n  h1 { @apply text-2xl font-bold; }\n}\n.own { color: rgb(1, 2, 3); }\n';
    const v3 = await cssOf({ 'src/App.tsx': APP, 'src/index.css': `${V3}${own}` }, ['p-4', 'flex']);
    const v4 = await cssOf({ 'src/App.tsx': APP, 'src/index.css': `@import "tailwindcss";\n${own}` }, [
      'p-4',
      'flex',
    ]);
    expect(v3).toBe(v4);
    expect(v3).toContain('.p-4');
    expect(v3).toContain('--brand: 10 20 30');
    expect(v3).toContain('font-weight: var(--font-weight-bold)');
    expect(v3).toContain('rgb(1, 2, 3)');
    expect(v3).not.toContain('@tailwind');
  });

  it('bring Tailwind in once, whatever the mix of directives and imports across sheets', () => {
    const plan = tailwindPlan({
      'src/App.tsx': APP,
      'src/a.css': '@tailwind base;\n.a { color: red }\n@tailwind utilities;\n@tailwind variants;\n',
      'src/b.css': '@tailwind components;\n@tailwind screens;\n',
      'src/c.css': '@import "tailwindcss";\n',
    });
    expect(plan?.sheets).toEqual(['src/a.css', 'src/b.css', 'src/c.css']);
    expect(plan?.input.match(/@import "tailwindcss"/g)).toHaveLength(1);
    expect(plan?.input).not.toMatch(/@tailwind/);
    expect(plan?.input).toContain('.a { color: red }');
  });

  it("give v3's palette, as the app's author saw it; v4's import keeps v4's", async () => {
    const used = ['bg-red-500', 'text-slate-950', 'border-rose-50', 'bg-black'];
    const v3 = await cssOf({ 'src/App.tsx': APP, 'src/index.css': V3 }, used);
    expect(v3).toMatch(/--color-red-500: #ef4444;/);
    expect(v3).toMatch(/--color-slate-950: #020617;/);
    expect(v3).toMatch(/--color-rose-50: #fff1f2;/);
    expect(v3).toMatch(/--color-black: #000;/);
    expect(v3).not.toMatch(/oklch/);
    const v4 = await cssOf({ 'src/App.tsx': APP, 'src/index.css': '@import "tailwindcss";\n' }, used);
    expect(v4).toMatch(/--color-red-500: oklch\(/);
    // A sheet that imports v4 itself is written for v4, whatever directives sit beside it.
    const mixed = await cssOf(
      { 'src/App.tsx': APP, 'src/a.css': '@import "tailwindcss";\n', 'src/b.css': V3 },
      used,
    );
    expect(mixed).toMatch(/--color-red-500: oklch\(/);
  });

  it("let the app's tailwind.config colours win over v3's palette", async () => {
    const files = { 'src/App.tsx': APP, 'src/index.css': V3, 'tailwind.config.js': '' };
    const config = { theme: { extend: { colors: { red: { 500: '#123456' }, brand: '#654321' } } } };
    const css = await cssOf(files, ['bg-red-500', 'bg-red-600', 'bg-brand'], {
      'tailwind.config.js': config,
    });
    expect(css).toMatch(/\.bg-red-500 \{\s*background-color: (#123456|var\(--color-red-500\))/);
    expect(css).not.toContain('#ef4444');
    expect(css).toContain('#dc2626');
    expect(css).toContain('#654321');
  });
});

const SHADCN_CONFIG = {
  darkMode: ['class'],
  content: ['./src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        border: 'hsl(var(--border))',
        background: 'hsl(var(--background))',
        foreground: 'hsl(var(--foreground))',
        primary: { DEFAULT: 'hsl(var(--primary))', foreground: 'hsl(var(--primary-foreground))' },
        brand: '#123456',
      },
      fontFamily: { display: ['Grotesk', 'serif'] },
      spacing: { 13: '3.25rem' },
      borderRadius: { lg: 'var(--radius)', blob: '1.3rem' },
    },
  },
};
const SHADCN_CSS = `${V3}@layer base {
  :root { --background: 0 0% 100%; --foreground: 222 47% 11%; --primary: 222 47% 11%; --primary-foreground: 210 40% 98%; --border: 214 32% 91%; --radius: 0.5rem; }
  .dark { --background: 222 47% 11%; }
  * { @apply border-border; }
  body { @apply bg-background text-foreground; }
}
`;

describe('a tailwind.config.{js,ts,cjs,mjs}', () => {
  it('is found at the root of the app only, TypeScript first', () => {
    expect(tailwindConfigPath({ 'tailwind.config.js': '', 'tailwind.config.ts': '' })).toBe(
      'tailwind.config.ts',
    );
    expect(tailwindConfigPath({ 'tailwind.config.cjs': '' })).toBe('tailwind.config.cjs');
    expect(tailwindConfigPath({ 'src/tailwind.config.js': '' })).toBeUndefined();
    expect(tailwindPlan({ 'src/App.tsx': APP, 'src/index.css': V3, 'tailwind.config.ts': '' })?.config).toBe(
      'tailwind.config.ts',
    );
    expect(tailwindPlan({ 'src/App.tsx': APP, 'src/index.css': V3 })?.config).toBeUndefined();
  });

  it("applies theme.extend (colours, fonts, spacing, radius) and shadcn's CSS-variable theme", async () => {
    const files = { 'src/App.tsx': APP, 'src/index.css': SHADCN_CSS, 'tailwind.config.ts': '' };
    const css = await cssOf(
      files,
      [
        'bg-background',
        'text-foreground',
        'bg-primary',
        'text-primary-foreground',
        'bg-primary/90',
        'border-border',
        'bg-brand',
        'font-display',
        'p-13',
        'rounded-blob',
        'rounded-lg',
        'dark:bg-brand',
      ],
      { 'tailwind.config.ts': { __esModule: true, default: SHADCN_CONFIG } },
    );
    expect(css).toMatch(/\.bg-background \{\s*background-color: hsl\(var\(--background\)\)/);
    expect(css).toMatch(/\.bg-primary \{\s*background-color: hsl\(var\(--primary\)\)/);
    expect(css).toContain('color-mix(in oklab, hsl(var(--primary)) 90%, transparent)');
    expect(css).toMatch(/\.bg-brand \{\s*background-color: #123456/);
    expect(css).toMatch(/\.font-display \{\s*font-family: Grotesk, serif/);
    expect(css).toMatch(/\.p-13 \{\s*padding: 3\.25rem/);
    expect(css).toMatch(/\.rounded-blob \{\s*border-radius: 1\.3rem/);
    expect(css).toMatch(
      /body \{\s*background-color: hsl\(var\(--background\)\);\s*color: hsl\(var\(--foreground\)\)/,
    );
    // darkMode 'class' is the app's own: `.dark` decides, not the launcher's data-theme.
    expect(css).toContain('.dark\\:bg-brand:is(.dark *)');
    expect(css).not.toContain('[data-theme=dark]');
  });

  it('takes a CommonJS config, and darkMode media or a selector as written', async () => {
    const files = { 'src/App.tsx': APP, 'src/index.css': V3, 'tailwind.config.js': '' };
    const media = await cssOf(files, ['dark:p-4'], { 'tailwind.config.js': { darkMode: 'media' } });
    expect(media).toContain('prefers-color-scheme: dark');
    const selector = await cssOf(files, ['dark:p-4'], {
      'tailwind.config.js': { darkMode: ['selector', '[data-mode="night"]'] },
    });
    expect(selector).toContain('[data-mode="night"]');
    // No darkMode: dark follows the launcher's theme, as without a config.
    const none = await cssOf(files, ['dark:p-4'], { 'tailwind.config.js': { theme: {} } });
    expect(none).toContain('[data-theme=dark]');
  });

  it("gets a plugin the config requires from the app's own packages; one it lacks, or an @plugin, is refused by name", async () => {
    const files = { 'src/App.tsx': APP, 'src/index.css': V3, 'tailwind.config.js': '' };
    const plugin = {
      handler: ({ addUtilities }: { addUtilities: (u: Record<string, unknown>) => void }) =>
        addUtilities({ '.animate-wiggle': { rotate: '3deg' } }),
    };
    const declared = { 'tailwind-plugin': { __esModule: true, default: plugin } };
    // The config as the loader evaluates it: its require() answered from the app's package bundle.
    const config = (require: (spec: string) => unknown) => ({ plugins: [require('tailwind-plugin')] });
    const evaluated = (modules: Record<string, unknown>) => ({
      'tailwind.config.js': lazy(() =>
        config((spec) => {
          if (!Object.hasOwn(modules, spec))
            throw new Error(`Cannot import "${spec}" from tailwind.config.js: not a provided module`);
          return modules[spec];
        }),
      ),
    });
    expect(await cssOf(files, ['animate-wiggle'], evaluated(declared))).toContain('rotate: 3deg');
    await expect(cssOf(files, [], evaluated({}))).rejects.toThrow(
      /"tailwind-plugin" from tailwind\.config\.js: not a provided module\. .*package\.json "dependencies"/,
    );
    const cssPlugin = { ...files, 'src/index.css': `${V3}@plugin "tailwindcss-animate";\n` };
    await expect(cssOf(cssPlugin, [], { 'tailwind.config.js': {} })).rejects.toThrow(
      /@plugin "tailwindcss-animate" is not read here/,
    );
    await expect(cssOf(files, [], { 'tailwind.config.js': 42 })).rejects.toThrow(/exports no config object/);
  });

  it('is the only module @config reads: another path, outside the app or not a config, is refused', async () => {
    for (const id of [
      '../../etc/passwd',
      '/src/App.tsx',
      'https://x.test/c.js',
      'node_modules/x/tailwind.config.js',
    ]) {
      const files = {
        'src/App.tsx': APP,
        'src/index.css': `@config "${id}";\n${V3}`,
        'tailwind.config.js': '',
      };
      await expect(cssOf(files, [], { 'tailwind.config.js': {}, 'src/App.tsx': {} })).rejects.toThrow(
        /only the app's own tailwind\.config/,
      );
    }
    // The app's own, named as a v4 sheet names it, is read (once).
    const own = {
      'src/App.tsx': APP,
      'src/index.css': `@config "../tailwind.config.js";\n${V3}`,
      'tailwind.config.js': '',
    };
    expect(
      await cssOf(own, ['bg-brand'], {
        'tailwind.config.js': { theme: { extend: { colors: { brand: '#123456' } } } },
      }),
    ).toContain('#123456');
  });

  it("never reads outside the app: an @import of another path is refused, and a config that throws is the app's error", async () => {
    for (const id of ['../../../etc/passwd', '/work/secret.css', './tailwind.config.js']) {
      const files = {
        'src/App.tsx': APP,
        'src/index.css': `${V3}@import "${id}";\n`,
        'tailwind.config.js': '',
      };
      await expect(cssOf(files, [], { 'tailwind.config.js': {} })).rejects.toThrow(
        /is not available here: only tailwindcss's own sheets are/,
      );
    }
    // A URL is passed through by Tailwind, and dropped from its output (the frame's CSP would block it too).
    const url = {
      'src/App.tsx': APP,
      'src/index.css': `${V3}@import "https://x.test/a.css";\n`,
      'tailwind.config.js': '',
    };
    expect(await cssOf(url, [], { 'tailwind.config.js': {} })).not.toContain('x.test');
    const throwing = { 'src/App.tsx': APP, 'src/index.css': V3, 'tailwind.config.js': '' };
    await expect(
      cssOf(throwing, [], {
        'tailwind.config.js': lazy(() => {
          throw new Error('config boom');
        }),
      }),
    ).rejects.toThrow('config boom');
  });

  it('refuses a theme past its bound, and one that contains itself, instead of compiling it for seconds', async () => {
    const files = { 'src/App.tsx': APP, 'src/index.css': V3, 'tailwind.config.js': '' };
    const colors = Object.fromEntries(
      Array.from({ length: MAX_THEME_VALUES + 1 }, (_, i) => [`c${i}`, '#123456']),
    );
    await expect(
      cssOf(files, ['bg-c1'], { 'tailwind.config.js': { theme: { extend: { colors } } } }),
    ).rejects.toThrow(`tailwind.config.js: its theme has more than ${MAX_THEME_VALUES} values`);
    const loop: Record<string, unknown> = { a: '#fff' };
    loop.self = loop;
    await expect(
      cssOf(files, [], { 'tailwind.config.js': { theme: { extend: { colors: loop } } } }),
    ).rejects.toThrow(/more than/);
    const fine = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`c${i}`, '#123456']));
    expect(
      await cssOf(files, ['bg-c299'], { 'tailwind.config.js': { theme: { extend: { colors: fine } } } }),
    ).toContain('.bg-c299');
  });
});
