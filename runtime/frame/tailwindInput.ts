import { TAILWIND_DIRECTIVE } from '../../validation/tailwindUse.ts';
import { TAILWIND_V3_COLORS } from './tailwindV3Colors.ts';

const DIRECTIVES = new RegExp(TAILWIND_DIRECTIVE.source, 'gm');
const IMPORT = '@import "tailwindcss";';
// v4's whole-package import, the one the directives stand for (its parts, `tailwindcss/preflight`…, are not it).
const WHOLE_IMPORT = /@import\s+(?:url\(\s*)?["']tailwindcss(?:\/index\.css)?["']/;

/** v3's palette as v4 theme defaults: they replace v4's oklch ones and yield to the app's own theme and config. */
export const V3_PALETTE = `@theme default {\n${Object.entries(TAILWIND_V3_COLORS)
  .flatMap(([name, value]) =>
    typeof value === 'string'
      ? [`  --color-${name}: ${value};`]
      : Object.entries(value).map(([shade, hex]) => `  --color-${name}-${shade}: ${hex};`),
  )
  .join('\n')}\n}`;

/**
 * The compiler's input from the app's Tailwind sheets (in order): v3's `@tailwind base|components|utilities|
 * variants|screens` mean v4's `@import "tailwindcss"` with v3's colour palette, brought in once at the first
 * directive (none when a sheet already imports it: that app is written for v4), the rest dropped; `config`,
 * the app's tailwind.config.*, is read through `@config`.
 */
export function tailwindInput(sheets: string[], config?: string): string {
  let imported = sheets.some((css) => WHOLE_IMPORT.test(css));
  const body = sheets
    .map((css) =>
      css.replace(DIRECTIVES, () => {
        if (imported) return '';
        imported = true;
        return `${IMPORT}\n${V3_PALETTE}`;
      }),
    )
    .join('\n');
  return config ? `@config ${JSON.stringify(`./${config}`)};\n${body}` : body;
}
