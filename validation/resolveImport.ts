import { joinInside } from './joinInside.ts';
import { type Aliases, matchPattern } from './pathAliases.ts';
import { PROVIDED_IMPORTS } from './providedImports.ts';

/** What a specifier names: tried in this order after the exact path. */
export const SOURCE_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json', '.css'];

/** How the runtime serves a file an app imports. */
export type AssetKind = 'module' | 'css' | 'json' | 'svg' | 'raw';

/** The kinds of import the runtime serves, for the message when a file is none of them. */
export const SUPPORTED_KINDS =
  'code (.tsx, .ts, .jsx, .js, .mjs, .cjs), .css, .json, .svg (as a data: URL) and any text file with ?raw (as a string)';

/** Where one import leads: a file of the app (how it is served), a provided module, a package, or nowhere. */
export type Resolution =
  | { kind: 'file'; path: string; as: AssetKind }
  | { kind: 'provided' }
  | { kind: 'package'; name: string }
  | { kind: 'missing'; message: string }
  | { kind: 'unsupported'; message: string };

export function isRelative(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..';
}

/**
 * Resolves a relative specifier against the importing file within the file map, or undefined.
 * Resolution never leaves the map: `..` past the root resolves to nothing.
 */
export function resolveRelative(
  files: Record<string, string>,
  from: string,
  specifier: string,
): string | undefined {
  const base = joinInside(from.split('/').slice(0, -1), specifier);
  return base === undefined ? undefined : withExtension(files, base);
}

/**
 * The one resolver (gate, card, frame runtime, package bundler and Sandpack rewrite): relative paths,
 * the app's aliases, then `baseUrl`; `?raw` asks for a file's text. A bare name that matches none is a
 * package (the caller decides whether that is allowed).
 */
export function resolveImport(
  files: Record<string, string>,
  from: string,
  specifier: string,
  aliases: Aliases,
): Resolution {
  const raw = specifier.endsWith('?raw');
  const spec = raw ? specifier.slice(0, -4) : specifier;
  const query = spec.indexOf('?');
  if (query >= 0)
    return {
      kind: 'unsupported',
      message: `"${specifier}" asks for "${spec.slice(query)}": the Room runtime serves ${SUPPORTED_KINDS}`,
    };
  if (!raw && (PROVIDED_IMPORTS as readonly string[]).includes(spec)) return { kind: 'provided' };
  if (isRelative(spec)) {
    const path = resolveRelative(files, from, spec);
    if (!path) return { kind: 'missing', message: `"${specifier}" is not a file of the app` };
    return served(path, raw, specifier);
  }
  const publicPath = publicFile(spec);
  if (publicPath !== undefined && Object.hasOwn(files, publicPath))
    return publicAsset(publicPath, raw, specifier);
  for (const rule of aliases.rules) {
    const captured = matchPattern(rule.pattern, spec);
    if (captured === undefined) continue;
    const bases = rule.targets.map((t) => joinInside([], t.replace('*', captured)));
    for (const base of bases) {
      const path = base === undefined ? undefined : withExtension(files, base);
      if (path) return served(path, raw, specifier);
    }
    const shown = bases.find((b) => b !== undefined);
    return {
      kind: 'missing',
      message:
        shown === undefined
          ? `"${specifier}" leaves the app's files through "${rule.pattern}"`
          : `\`${specifier}\` resolves to \`${shown}${guessExtension(from, shown)}\`, which the proposal does not include`,
    };
  }
  if (aliases.baseUrl !== undefined) {
    const base = joinInside(aliases.baseUrl === '' ? [] : aliases.baseUrl.split('/'), spec);
    const path = base === undefined ? undefined : withExtension(files, base);
    if (path) return served(path, raw, specifier);
  }
  if (publicPath !== undefined)
    return {
      kind: 'missing',
      message: `"${specifier}" is not a file of the app: Vite serves it from ${publicPath}, which the proposal does not include`,
    };
  if (raw || /^[a-z][a-z0-9+.-]*:/i.test(spec) || spec.startsWith('/'))
    return { kind: 'missing', message: `"${specifier}" is not a file of the app` };
  return { kind: 'package', name: packageOf(spec) };
}

/** The package a bare specifier belongs to: `date-fns/format` → `date-fns`, `@a/b/c` → `@a/b`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function served(path: string, raw: boolean, specifier: string): Resolution {
  if (raw) return { kind: 'file', path, as: 'raw' };
  const as = kindOf(path);
  if (as) return { kind: 'file', path, as };
  return {
    kind: 'unsupported',
    message: `"${specifier}" is ${path}, which the Room runtime cannot import: it serves ${SUPPORTED_KINDS}`,
  };
}

/** Vite serves `public/x` at `/x`: the file a root-absolute specifier names, undefined for `//host` or one leaving public/. */
function publicFile(spec: string): string | undefined {
  if (!spec.startsWith('/') || spec.startsWith('//')) return undefined;
  const inside = joinInside([], spec);
  return inside ? `public/${inside}` : undefined;
}

// Vite imports a public file only as an asset (its URL, or ?raw); code there is copied, never imported.
function publicAsset(path: string, raw: boolean, specifier: string): Resolution {
  if (raw) return { kind: 'file', path, as: 'raw' };
  if (kindOf(path) === 'svg') return { kind: 'file', path, as: 'svg' };
  return {
    kind: 'unsupported',
    message: `"${specifier}" is ${path}, which an app imports only as .svg (a data: URL) or with ?raw (a string)`,
  };
}

function kindOf(path: string): AssetKind | undefined {
  if (/\.(tsx?|jsx?|mjs|cjs)$/.test(path)) return 'module';
  if (path.endsWith('.css')) return 'css';
  if (path.endsWith('.json')) return 'json';
  if (path.endsWith('.svg')) return 'svg';
  return undefined;
}

/** The file `base` names in the map, as a specifier without extension would: exact, `.ext`, `/index.ext`. */
export function withExtension(files: Record<string, string>, base: string): string | undefined {
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((ext) => base + ext),
    ...SOURCE_EXTENSIONS.map((ext) => `${base}/index${ext}`),
  ];
  return candidates.find((c) => c !== '' && Object.hasOwn(files, c));
}

// The importer's own extension is the likeliest one for a file it names without one.
function guessExtension(from: string, base: string): string {
  if (/\.[a-z]+$/i.test(base.split('/').pop() ?? '')) return '';
  return /\.(tsx|ts|jsx|js)$/.exec(from)?.[0] ?? '';
}
