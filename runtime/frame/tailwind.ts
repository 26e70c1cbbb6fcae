import { compile } from 'tailwindcss';
import indexCss from 'tailwindcss/index.css?raw';
import preflightCss from 'tailwindcss/preflight.css?raw';
import themeCss from 'tailwindcss/theme.css?raw';
import utilitiesCss from 'tailwindcss/utilities.css?raw';

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

/** Thrown for what the app's CSS asks of Tailwind that the frame cannot give (plugins, other imports). */
export class TailwindInputError extends Error {
  readonly code = 'tailwind_input';
}

/**
 * Tailwind's own compiler (v4), run in the app's frame: `input` is the app's Tailwind CSS (or the
 * default `@import "tailwindcss"`), `candidates` the class-like tokens of its files. This module is its
 * own script (tailwind.js), loaded only for an app that uses Tailwind.
 */
export async function tailwindCss(input: string, candidates: string[]): Promise<string> {
  const compiler = await compile(`${input}\n${DARK_VARIANT}\n`, {
    base: '/',
    loadStylesheet: async (id, base) => {
      const content = Object.hasOwn(SHEETS, id) ? SHEETS[id] : undefined;
      if (content === undefined)
        throw new TailwindInputError(
          `@import "${id}" is not available here: only tailwindcss's own sheets are`,
        );
      return { path: id, base, content };
    },
    loadModule: async (id) => {
      throw new TailwindInputError(`"${id}": Tailwind plugins and configs do not run in the frame`);
    },
  });
  return compiler.build(candidates);
}
