import { type Config, compile } from 'tailwindcss';
import indexCss from 'tailwindcss/index.css?raw';
import preflightCss from 'tailwindcss/preflight.css?raw';
import themeCss from 'tailwindcss/theme.css?raw';
import utilitiesCss from 'tailwindcss/utilities.css?raw';
import type { AppTailwind } from './tailwindConfig.ts';
import { TailwindInputError } from './tailwindError.ts';

export { TailwindInputError };

// The package's own stylesheets, bundled into this script at build time: nothing is fetched at run time.
const SHEETS: Record<string, string> = {
  tailwindcss: indexCss,
  'tailwindcss/index.css': indexCss,
  'tailwindcss/preflight': preflightCss,
  'tailwindcss/preflight.css': preflightCss,
  'tailwindcss/theme': themeCss,
  'tailwindcss/theme.css': themeCss,
  'tailwindcss/utilities': utilitiesCss,
  'tailwindcss/utilities.css': utilitiesCss,
};

/** `dark:` follows the launcher's theme, which the frame sets as `data-theme` on `<html>`. */
export const DARK_VARIANT = '@custom-variant dark (&:where([data-theme=dark], [data-theme=dark] *));';

// An at-rule at a line's start (Tailwind prints one per line), its name possibly written with CSS escapes.
const AT_RULE_LINE = /^\s*@((?:\\[0-9a-f]{1,6}\s?|\\[^\n0-9a-f]|[\w-])+)[^\n]*\n?/gim;

/** `@\69mport` is `@import` to the browser: the name as CSS reads it. */
function cssName(raw: string): string {
  return raw
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16) || 0xfffd),
    )
    .replace(/\\(.)/g, '$1')
    .toLowerCase();
}

/**
 * Tailwind passes an app's `@import` of a URL through untouched: every `@import` line left in its output is
 * dropped, so the generated CSS never asks for a sheet (the frames' CSPs would block it too).
 */
export function withoutImports(css: string): string {
  return css.replace(AT_RULE_LINE, (line, name: string) => (cssName(name) === 'import' ? '' : line));
}

/**
 * Tailwind's own compiler (v4), run in the app's frame: `input` is the app's Tailwind CSS (or the
 * default `@import "tailwindcss"`), `candidates` the class-like tokens of its files. This module is its
 * own script (tailwind.js), loaded only for an app that uses Tailwind. `app` answers `@config` with the
 * app's evaluated config (tailwindConfig.ts); a config that sets `darkMode` keeps it instead of DARK_VARIANT.
 */
export async function tailwindCss(input: string, candidates: string[], app?: AppTailwind): Promise<string> {
  const compiler = await compile(`${input}\n${app?.ownDark ? '' : DARK_VARIANT}\n`, {
    base: '/',
    loadStylesheet: async (id, base) => {
      const content = Object.hasOwn(SHEETS, id) ? SHEETS[id] : undefined;
      if (content === undefined)
        throw new TailwindInputError(
          `@import "${id}" is not available here: only tailwindcss's own sheets are`,
        );
      return { path: id, base, content };
    },
    loadModule: async (id, base, kind) => {
      if (!app) throw new TailwindInputError(`"${id}": Tailwind plugins and configs do not run here`);
      return { path: id, base, module: app.module(id, kind) as Config };
    },
  });
  return withoutImports(compiler.build(candidates));
}
