import fs from 'node:fs';
import path from 'node:path';
import { repoFiles } from './repoFiles.ts';

/**
 * What the prose docs name, checked against the tree so a rename breaks a test rather than the docs.
 * The convention (docs/architecture.md and README.md):
 * - a backticked path with a folder, starting at a top-level folder (`server/http/Router.ts`), must exist;
 * - a backticked file name or partial path (`respond.ts`, `mcp/mcpRoutes.ts`) must end some tracked path;
 * - the name after `#` in `path/file.ts#Name` must be exported by that file;
 * - a backticked camelCase or PascalCase word (`FrameController`, `isFrameToHost()`) must be exported by
 *   some module, unless the doc's list of other words holds it.
 */

export const REPO = path.resolve(import.meta.dirname, '..');
const CODE_FILE = /\.(ts|tsx|mts|js|mjs|json|md|conf)$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export interface Tree {
  /** Tracked files, `/`-separated, relative to the repository. */
  files: string[];
  /** What each code file exports, by path. */
  exportsOf: (file: string) => Set<string>;
}

export interface DocOptions {
  /** Backticked camelCase or PascalCase words the doc uses that are no export (web APIs, wire fields); absent: bare words are not checked. */
  words?: ReadonlySet<string>;
  /** Backticked paths that name an app's files, not this repository's. */
  notInRepo?: ReadonlySet<string>;
}

export interface Miss {
  doc: string;
  line: number;
  claim: string;
  why: string;
}

/** The repository's files as .gitignore leaves them, with exports read from each file's `export` lines. */
export function repoTree(root = REPO): Tree {
  const files = repoFiles(root);
  const cache = new Map<string, Set<string>>();
  return {
    files,
    exportsOf(file) {
      let names = cache.get(file);
      if (!names) {
        names = exportedNames(fs.readFileSync(path.join(root, file), 'utf8'));
        cache.set(file, names);
      }
      return names;
    },
  };
}

/** Names a module's `export` statements declare (declarations and `export { a, b as c }` lists). */
export function exportedNames(source: string): Set<string> {
  const names = new Set<string>();
  const decl =
    /^export\s+(?:declare\s+)?(?:default\s+)?(?:abstract\s+)?(?:async\s+)?(?:const|let|var|function\*?|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;
  for (const m of source.matchAll(decl)) names.add(m[1] as string);
  for (const m of source.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}/gm))
    for (const part of (m[1] as string).split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.replace(/^type\s+/, '');
      if (name) names.add(name);
    }
  return names;
}

/**
 * The claims `doc` makes (how many were checked) and those the tree does not hold.
 */
export function checkDoc(
  doc: string,
  text: string,
  tree: Tree,
  opts: DocOptions = {},
): { checked: number; misses: Miss[] } {
  const { words, notInRepo } = opts;
  const topLevel = new Set(tree.files.filter((f) => f.includes('/')).map((f) => f.split('/')[0] as string));
  const modules = tree.files.filter(isModule);
  const exported = (name: string, files: string[]) => files.some((f) => tree.exportsOf(f).has(name));
  const misses: Miss[] = [];
  let checked = 0;
  text.split('\n').forEach((lineText, i) => {
    const miss = (claim: string, why: string) => misses.push({ doc, line: i + 1, claim, why });
    for (const [, span] of lineText.matchAll(/`([^`\n]+)`/g)) {
      const [file = '', anchor] = (span as string).split('#');
      if (notInRepo?.has(file)) continue;
      if (isFilePath(file, topLevel)) {
        checked += 1;
        const found = resolve(file, tree.files, topLevel);
        if (found.length === 0) miss(file, 'no such file');
        else if (anchor && !exported(anchor, found))
          miss(span as string, `${file} does not export ${anchor}`);
        continue;
      }
      const name = (span as string).replace(/\(\)$/, '');
      if (!words || words.has(name) || !IDENTIFIER.test(name) || !/[a-z]/.test(name) || !/[A-Z]/.test(name))
        continue;
      checked += 1;
      if (!exported(name, modules)) miss(name, 'exported by no module');
    }
  });
  return { checked, misses };
}

const isModule = (f: string) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts');

/** A span that names a repository file: a folder path from the top, or a bare code file name. */
function isFilePath(span: string, topLevel: Set<string>): boolean {
  if (!CODE_FILE.test(span) || !/^[\w@./-]+$/.test(span) || span.startsWith('/')) return false;
  const first = span.split('/')[0] as string;
  return span.includes('/') ? topLevel.has(first) || /^[\w-]+\//.test(span) : /\.(ts|tsx)$/.test(span);
}

function resolve(span: string, files: string[], topLevel: Set<string>): string[] {
  if (topLevel.has(span.split('/')[0] as string)) return files.includes(span) ? [span] : [];
  return files.filter((f) => f === span || f.endsWith(`/${span}`));
}
