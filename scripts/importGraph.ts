import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One module's imports: `runtime` are those that load it, `types` those the compiler erases (both project
 * files), `packages` the bare specifiers it names (`vitest`, `node:fs`), type-only or not. */
export interface ModuleImports {
  runtime: string[];
  types: string[];
  packages: string[];
}

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.tsx?$/;

/** Every non-test TypeScript file under `dirs` (relative to `root`), as root-relative paths. */
export function productFiles(root: string, dirs: string[]): string[] {
  return sourceFiles(root, dirs).filter((file) => !TEST.test(file));
}

/** Every TypeScript file under `dirs` (relative to `root`), tests included, as root-relative paths. */
export function sourceFiles(root: string, dirs: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(rel);
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(rel);
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return files.sort();
}

const options: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
};

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    const clause = node.exportClause;
    return (
      node.isTypeOnly || (!!clause && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly))
    );
  }
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    !clause.name &&
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

const cache = ts.createModuleResolutionCache(process.cwd(), (name) => name, options);

/** The file a relative specifier names: most name it with its extension, so the compiler is the fallback. */
function resolve(specifier: string, from: string): string | undefined {
  const direct = path.resolve(path.dirname(from), specifier);
  if (SOURCE.test(direct) && existsSync(direct)) return direct;
  const resolved = ts.resolveModuleName(specifier, from, options, ts.sys, cache).resolvedModule;
  return resolved && !resolved.isExternalLibraryImport ? resolved.resolvedFileName : undefined;
}

/** The project-local imports of `file` (root-relative), resolved as the compiler resolves them. */
export function importsOf(root: string, file: string): ModuleImports {
  const absolute = path.join(root, file);
  const source = ts.createSourceFile(absolute, readFileSync(absolute, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: ModuleImports = { runtime: [], types: [], packages: [] };
  const add = (specifier: string, typeOnly: boolean) => {
    // Packages are not product code (no path aliases here): only relative specifiers can close a cycle.
    if (!specifier.startsWith('.')) {
      found.packages.push(specifier);
      return;
    }
    const resolved = resolve(specifier, absolute);
    if (!resolved) return;
    const target = path.relative(root, resolved);
    if (target.startsWith('..') || target.includes('node_modules')) return;
    (typeOnly ? found.types : found.runtime).push(target);
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier.text, isTypeOnly(node));
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteralLike(first)) add(first.text, false);
    } else if (ts.isImportTypeNode(node)) {
      const literal = ts.isLiteralTypeNode(node.argument) ? node.argument.literal : undefined;
      if (literal && ts.isStringLiteral(literal)) add(literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Each strongly connected set of more than one module (or a module importing itself), as a sorted list. */
export function cycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm: every cycle lies inside one strongly connected component.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return found.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}
