import { TAILWIND_DIRECTIVE } from '../../validation/tailwindUse.ts';

const DIRECTIVES = new RegExp(TAILWIND_DIRECTIVE.source, 'gm');
const IMPORT = '@import "tailwindcss";';
// v4's whole-package import, the one the directives stand for (its parts, `tailwindcss/preflight`…, are not it).
const WHOLE_IMPORT = /@import\s+(?:url\(\s*)?["']tailwindcss(?:\/index\.css)?["']/;

/**
 * The compiler's input from the app's Tailwind sheets (in order): v3's `@tailwind base|components|utilities|
 * variants|screens` mean v4's `@import "tailwindcss"`, brought in once at the first directive (none when a
 * sheet already imports it), the rest dropped; `config`, the app's tailwind.config.*, is read through `@config`.
 */
export function tailwindInput(sheets: string[], config?: string): string {
  let imported = sheets.some((css) => WHOLE_IMPORT.test(css));
  const body = sheets
    .map((css) =>
      css.replace(DIRECTIVES, () => {
        if (imported) return '';
        imported = true;
        return IMPORT;
      }),
    )
    .join('\n');
  return config ? `@config ${JSON.stringify(`./${config}`)};\n${body}` : body;
}
