import fs from 'node:fs';
import path from 'node:path';
import type * as esbuild from 'esbuild';

/**
 * Every refusal of a path outside the tree and every import esbuild could not resolve says this,
 * whatever is on the disk: the note is no file-existence oracle.
 */
export const OUTSIDE = 'A package imports a file that is missing or outside the unpacked packages';

/** Whether a path lies in the scratch folder (as given or through its real path: /tmp may be a link). */
export function insideOf(dir: string): (file: string) => boolean {
  const roots = [...new Set([dir, fs.realpathSync(dir)])].map((d) => d + path.sep);
  return (file) => roots.some((r) => file.startsWith(r));
}

/** A URL CSS may name as written (the frame's CSP decides what it may load): never a file here. */
const WEB_URL = /^(data:|https?:\/\/)/i;

/** An `import()` or `require()` of a template literal or a concatenation: esbuild expands it as a glob on the disk. */
// Matched in esbuild's printing with every comment dropped: a comment scan was quadratic ('import(/*)' x 400,000).
const GLOB_CALL = /\b(?:import|require)\s*\(\s*(`[^`]*`|(['"])(?:\\.|(?!\2)[^\\\n])*\2\s*\+[^)]{0,400})/g;

/**
 * Keeps resolution in the scratch folder: every import esbuild is handed (statements, `import()`,
 * `require`, CSS `@import` and `url()`) naming a path outside it, a package not unpacked (esbuild would
 * look in the folders above) or `pkg/../..` is refused before esbuild looks; so is a glob `import()` or
 * `require()` whose fixed part leaves it (esbuild lists globs itself, no plugin sees them). Anything
 * loaded from outside is refused too, a second net.
 */
export function confinedTo(dir: string, packages: ReadonlySet<string>): esbuild.Plugin {
  const inside = insideOf(dir);
  const manifests = new Map<string, Record<string, unknown>>();
  return {
    name: 'room-confined',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point' || args.namespace !== 'file') return undefined;
        const spec = args.path;
        if ((args.kind === 'url-token' || args.kind === 'import-rule') && WEB_URL.test(spec))
          return undefined;
        // esbuild decodes %2e, %2f and %5c in a package's subpath after this plugin let it through.
        const decoded = percentDecoded(spec);
        if (decoded.includes('\0') || decoded.includes('\\')) return refuse();
        if (spec.startsWith('.') || spec.startsWith('/')) {
          // esbuild tries the path with its ?query or #hash, then without: both must stay inside.
          const files = [spec, decoded]
            .flatMap((s) => [s, s.replace(/[?#].*$/, '')])
            .map((p) => path.resolve(args.resolveDir, p));
          return files.every((f) => f === dir || inside(f)) ? undefined : refuse();
        }
        if (decoded.split(/[/?#]/).some((p) => p === '..' || p === '.')) return refuse();
        const manifest = manifestOf(args.importer, dir, manifests);
        // `imports` and `browser` may name other packages: esbuild follows those without asking again.
        if (spec.startsWith('#'))
          return targets(manifest.imports).every((t) => t.startsWith('./') || packages.has(nameOf(t)))
            ? undefined
            : notAmong(spec);
        const browser = manifest.browser;
        const mapped = typeof browser === 'object' && browser && Object.hasOwn(browser, spec);
        if (!mapped) return packages.has(nameOf(spec)) ? undefined : notAmong(spec);
        const to = (browser as Record<string, unknown>)[spec];
        return typeof to !== 'string' || to.startsWith('./') || packages.has(nameOf(to))
          ? undefined
          : notAmong(spec);
      });
      build.onLoad({ filter: /.*/, namespace: 'file' }, async (args) => {
        if (!inside(args.path)) return { errors: [{ text: OUTSIDE }] };
        const loader = LOADERS[path.extname(args.path).toLowerCase()];
        if (!loader) return undefined;
        // Globs are found in the code as esbuild reads it (parentheses, comments and concatenations folded).
        const text = await build.esbuild
          .transform(fs.readFileSync(args.path, 'utf8'), { loader, minify: true, legalComments: 'none' })
          .then(
            (r) => r.code,
            () => '',
          );
        // Named by its place in the tree (esbuild would name the importer): never a path on the server.
        const file = path.relative(dir, args.path);
        return globLeaves(text, path.dirname(args.path), inside)
          ? { errors: [{ text: OUTSIDE, location: { file } }] }
          : undefined;
      });
    },
  };
}

const LOADERS: Record<string, esbuild.Loader> = {
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.jsx': 'jsx',
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
};

const refuse = () => ({ errors: [{ text: OUTSIDE }] });
// Not unpacked (a Node built-in or an undeclared package): never looked for in the folders above.
const notAmong = (spec: string) => ({
  errors: [{ text: `Could not resolve "${spec}": not among the app's packages` }],
});

/** A specifier with its percent escapes decoded until none is left (%252e is %2e once esbuild reads it). */
function percentDecoded(spec: string): string {
  let s = spec;
  for (let i = 0; i < 8 && /%[0-9a-f]{2}/i.test(s); i++)
    s = s.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return s;
}

/** A bare specifier's package name (`@scope/name` or `name`). */
function nameOf(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

/** Every string target of an `imports` map, conditions included. */
function targets(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (!value || typeof value !== 'object' || depth > 32) return [];
  return Object.values(value).flatMap((v) => targets(v, depth + 1));
}

/** Whether a glob-like `import()`/`require()` in `text` could reach outside the folder (escapes and `..` refused). */
function globLeaves(text: string, from: string, inside: (file: string) => boolean): boolean {
  for (const [, call] of text.matchAll(GLOB_CALL)) {
    const literal = call as string;
    if (literal.includes('\\')) return true;
    const fixed = literal.startsWith('`')
      ? literal.slice(1).split('${')[0]
      : literal.slice(1).split(/['"]/)[0];
    const rest = literal.slice(1 + (fixed as string).length);
    if (!(fixed as string).startsWith('.')) continue;
    // What follows the first wildcard may hold `..` too: refused, a package rarely needs it.
    if (rest.includes('..') || !inside(path.join(path.resolve(from, fixed as string), 'x'))) return true;
  }
  return false;
}

/** The package.json of the unpacked package holding `importer` (`{}` for the app's entry or an unreadable one). */
function manifestOf(
  importer: string,
  dir: string,
  cache: Map<string, Record<string, unknown>>,
): Record<string, unknown> {
  const root = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(importer)?.[1];
  if (!root?.startsWith(dir)) return {};
  let manifest = cache.get(root);
  if (!manifest) {
    try {
      const read = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
      manifest = read && typeof read === 'object' ? (read as Record<string, unknown>) : {};
    } catch {
      manifest = {};
    }
    cache.set(root, manifest);
  }
  return manifest;
}
