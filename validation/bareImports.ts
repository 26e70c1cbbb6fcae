/** Bare imports the Sucrase runtime serves itself (runtime/frame/providedModules.ts); others need Sandpack. */
export const PROVIDED_IMPORTS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  '@room/sdk',
] as const;

const SOURCE = /\.(tsx|ts|jsx|js|mjs)$/;
// Static imports and re-exports (not type-only: Sucrase erases those), side-effect imports, dynamic import() and require() with a literal.
const SPECIFIERS = [
  /\b(?:import|export)\s+(?!type\s)[^'"`;]*?\bfrom\s*(['"])([^'"\n]+)\1/g,
  /\bimport\s*(['"])([^'"\n]+)\1/g,
  /\bimport\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g,
  /\brequire\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g,
];

/** Strips comments so commented-out imports do not count; strings stay (specifiers live in them). */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
}

/** The package a bare specifier belongs to: `date-fns/format` → `date-fns`, `@a/b/c` → `@a/b`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function isBare(specifier: string): boolean {
  return !/^(\.{1,2}\/|\/|[a-z][a-z0-9+.-]*:)/i.test(specifier) && specifier !== '.' && specifier !== '..';
}

/** Every bare specifier imported by the source files, sorted and unique. */
export function bareImports(files: Record<string, string>): string[] {
  const found = new Set<string>();
  for (const [file, code] of Object.entries(files)) {
    if (!SOURCE.test(file)) continue;
    const text = withoutComments(code);
    for (const re of SPECIFIERS) {
      for (const m of text.matchAll(re)) {
        const spec = m[2];
        if (spec && isBare(spec)) found.add(spec);
      }
    }
  }
  return [...found].sort();
}

/**
 * The npm packages an app needs beyond the provided set, sorted; empty means the Sucrase path runs it.
 * `react-dom/server` counts (the package is react-dom) because the frame does not serve that entry.
 */
export function externalPackages(files: Record<string, string>): string[] {
  const provided = new Set<string>(PROVIDED_IMPORTS);
  const outside = bareImports(files).filter((s) => !provided.has(s));
  return [...new Set(outside.map(packageOf))].sort();
}
