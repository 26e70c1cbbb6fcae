/** Why an app's files turn Tailwind on or leave it off (runtime/frame/styleWithTailwind.ts, the review card). */
export type TailwindUse =
  | { on: true; reason: 'css-import'; sheets: string[] }
  | { on: true; reason: 'package-json' | 'no-css' }
  | { on: false; reason: 'own-css' | 'no-class-names' };

const CSS_FILE = /\.css$/;
const CODE_FILE = /\.(tsx?|jsx?|mjs|cjs)$/;
// v4's own convention: `@import "tailwindcss";` (or one of its parts, `tailwindcss/preflight`…).
const TAILWIND_IMPORT = /@import\s+(?:url\(\s*)?["']tailwindcss(?:\/[a-z-]+(?:\.css)?)?["']/;
// v3's convention, still what most generated code writes: `@tailwind base;` and its siblings, at a line's start.
export const TAILWIND_DIRECTIVE =
  /^[ \t]*@tailwind\s+(?:base|components|utilities|variants|screens)\b[^;\n]*;?/m;
// JSX `className=` / `class=`, or a props object's `className:`: an app with no CSS and none of these styles nothing by class.
const CLASS_NAMES = /\bclass(?:Name)?\s*[=:]/;

function packageListsTailwind(text: string | undefined): boolean {
  if (text === undefined) return false;
  try {
    const pkg = JSON.parse(text) as Record<string, unknown>;
    return ['dependencies', 'devDependencies', 'peerDependencies'].some((field) => {
      const deps = pkg[field];
      return typeof deps === 'object' && deps !== null && Object.hasOwn(deps, 'tailwindcss');
    });
  } catch {
    return false;
  }
}

/**
 * Tailwind is on when the app's CSS imports it (or has v3's `@tailwind` directives), when its package.json lists it, or when it ships no CSS
 * of its own but styles by class names (as agent-written Tailwind apps do); otherwise off, so an app whose
 * own class names match utilities (`container`, `hidden`) keeps its look. A pure function of the files.
 */
export function tailwindUse(files: Record<string, string>): TailwindUse {
  const paths = Object.keys(files).sort();
  const brings = (css: string) => TAILWIND_IMPORT.test(css) || TAILWIND_DIRECTIVE.test(css);
  const sheets = paths.filter((p) => CSS_FILE.test(p) && brings(files[p] as string));
  if (sheets.length > 0) return { on: true, reason: 'css-import', sheets };
  if (packageListsTailwind(files['package.json'])) return { on: true, reason: 'package-json' };
  if (paths.some((p) => CSS_FILE.test(p))) return { on: false, reason: 'own-css' };
  const styled = paths.some((p) => CODE_FILE.test(p) && CLASS_NAMES.test(files[p] as string));
  return styled ? { on: true, reason: 'no-css' } : { on: false, reason: 'no-class-names' };
}
