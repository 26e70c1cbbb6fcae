/** Bare imports the Sucrase runtime serves itself (runtime/frame/providedModules.ts); others need Sandpack. */
export const PROVIDED_IMPORTS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  '@room/sdk',
] as const;

/** The `Symbol.for` key under which the frame hands package bundles its provided modules (one React). */
export const PROVIDED_GLOBAL = 'room.provided';

/** Where a frame site serves a package bundle: `/deps/<sha256 hex>.js`. */
export const BUNDLE_PATH = /^\/deps\/([0-9a-f]{64})\.js$/;

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

/** What an app takes from one bare specifier: named bindings, its default, or the whole namespace. */
export interface ImportBinding {
  names: string[];
  default: boolean;
  /** `import * as`, `export *`, `require()` or `import()`: everything the module exports. */
  namespace: boolean;
}

// The clause of a static import or re-export (group 1) and its specifier (group 3).
const CLAUSE = /\b(?:import|export)\s+(?!type\s)([^'"`;]*?)\bfrom\s*(['"])([^'"\n]+)\2/g;
const WHOLE = [SPECIFIERS[2] as RegExp, SPECIFIERS[3] as RegExp];
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * What the source files import from each bare specifier outside the provided set (the entry a
 * package bundle re-exports): named imports, defaults, and namespaces where the code takes it all.
 */
export function importBindings(files: Record<string, string>): Map<string, ImportBinding> {
  const provided = new Set<string>(PROVIDED_IMPORTS);
  const out = new Map<string, ImportBinding>();
  const binding = (spec: string): ImportBinding | undefined => {
    if (!isBare(spec) || provided.has(spec)) return undefined;
    const b = out.get(spec) ?? { names: [], default: false, namespace: false };
    out.set(spec, b);
    return b;
  };
  for (const [file, code] of Object.entries(files)) {
    if (!SOURCE.test(file)) continue;
    const text = withoutComments(code);
    for (const spec of bareImports({ [file]: code })) binding(spec);
    for (const m of text.matchAll(CLAUSE)) {
      const b = binding(m[3] as string);
      if (b) readClause((m[0] as string).startsWith('export'), (m[1] as string).trim(), b);
    }
    for (const re of WHOLE)
      for (const m of text.matchAll(re)) {
        const b = binding(m[2] as string);
        if (b) b.namespace = true;
      }
  }
  for (const b of out.values()) b.names = [...new Set(b.names)].sort();
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

function readClause(isExport: boolean, clause: string, b: ImportBinding): void {
  if (clause.includes('*')) b.namespace = true;
  const braces = /\{([^}]*)\}/.exec(clause);
  for (const item of braces?.[1]?.split(',') ?? []) {
    const name =
      item
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim() ?? '';
    // Inline `type X` specifiers are erased by Sucrase.
    if (name === 'default') b.default = true;
    else if (IDENTIFIER.test(name) && !/^type\s/.test(item.trim())) b.names.push(name);
  }
  if (isExport) return;
  const head =
    clause
      .replace(/\{[^}]*\}/, '')
      .split(',')[0]
      ?.trim() ?? '';
  if (IDENTIFIER.test(head)) b.default = true;
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
