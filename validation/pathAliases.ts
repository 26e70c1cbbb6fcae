import { type ParseError, parse, printParseErrorCode } from 'jsonc-parser';
import { joinInside } from './joinInside.ts';
import { PROVIDED_IMPORTS } from './providedImports.ts';

/** One `paths` pattern and its targets, each target a path in the app's files (at most one `*`). */
export interface AliasRule {
  pattern: string;
  targets: string[];
}

/** How an app's non-relative imports may name its own files: `paths` rules, then `baseUrl`. */
export interface Aliases {
  rules: AliasRule[];
  /** `compilerOptions.baseUrl` inside the app ('' is its root); undefined when not set. */
  baseUrl?: string;
  /** The file they come from, or undefined for the default `@/*` → `src/*`. */
  source?: string;
}

/** Bounds on an app's `paths` (README, "Path aliases"): a reviewer reads them on the card. */
export const ALIAS_LIMITS = { maxPatterns: 10, maxTargets: 3 } as const;

/** Vite's React templates, shadcn/ui and Next.js all mean `src/` by `@/`. */
export const DEFAULT_ALIASES: Aliases = { rules: [{ pattern: '@/*', targets: ['src/*'] }] };

const MAX_CONFIG_CHARS = 16 * 1024;

export const ALIAS_CONFIGS = ['tsconfig.json', 'jsconfig.json'] as const;

/** The app's aliases, or why its tsconfig/jsconfig cannot give them (naming the file and the pattern). */
export function readAliases(files: Record<string, string>): Aliases | { problem: string } {
  const source = ALIAS_CONFIGS.find((f) => Object.hasOwn(files, f));
  if (!source) return DEFAULT_ALIASES;
  const text = files[source] as string;
  // Rule 5 holds a project file to 16 KB; checked here too, since the limits check reads aliases first.
  if (text.length > MAX_CONFIG_CHARS) return { problem: `${source} is over 16 KB` };
  const errors: ParseError[] = [];
  let config: unknown;
  try {
    config = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  } catch {
    // The parser recurses: a few thousand nested brackets overflow the stack.
    return { problem: `${source} is nested too deeply to read` };
  }
  if (errors.length > 0) {
    const e = errors[0] as ParseError;
    return {
      problem: `${source} is not valid JSON with comments: ${printParseErrorCode(e.error)} at offset ${e.offset}`,
    };
  }
  // `extends` is not followed: only what the proposal shows counts.
  const compilerOptions = own(config, 'compilerOptions');
  const options = isObject(compilerOptions) ? compilerOptions : {};
  const [rawBase, paths] = [own(options, 'baseUrl'), own(options, 'paths')];
  let baseUrl: string | undefined;
  if (rawBase !== undefined) {
    if (typeof rawBase !== 'string')
      return { problem: `${source}: compilerOptions.baseUrl must be a string` };
    baseUrl = inside(rawBase, '');
    if (baseUrl === undefined)
      return { problem: `${source}: compilerOptions.baseUrl "${rawBase}" is outside the app's files` };
  }
  if (paths === undefined) return { ...DEFAULT_ALIASES, baseUrl, source };
  if (!isObject(paths)) return { problem: `${source}: compilerOptions.paths must be an object` };
  const entries = Object.entries(paths);
  if (entries.length > ALIAS_LIMITS.maxPatterns)
    return {
      problem: `${source}: ${entries.length} paths patterns, at most ${ALIAS_LIMITS.maxPatterns}`,
    };
  const rules: AliasRule[] = [];
  for (const [pattern, targets] of entries) {
    const named = `${source}: paths "${pattern}"`;
    if (pattern === '' || stars(pattern) > 1) return { problem: `${named} may hold at most one *` };
    if (!Array.isArray(targets) || targets.length === 0 || targets.some((t) => typeof t !== 'string'))
      return { problem: `${named} must map to a list of path strings` };
    if (targets.length > ALIAS_LIMITS.maxTargets)
      return { problem: `${named} has ${targets.length} targets, at most ${ALIAS_LIMITS.maxTargets}` };
    const resolved: string[] = [];
    for (const target of targets as string[]) {
      if (stars(target) !== stars(pattern))
        return { problem: `${named}: target "${target}" must hold a * exactly where the pattern does` };
      const path = inside(target, baseUrl ?? '');
      if (path === undefined) return { problem: `${named}: target "${target}" is outside the app's files` };
      resolved.push(path);
    }
    rules.push({ pattern, targets: resolved });
  }
  // As TypeScript: the pattern with the longest prefix before its `*` wins.
  rules.sort((a, b) => prefixOf(b.pattern).length - prefixOf(a.pattern).length);
  return { rules, baseUrl, source };
}

/**
 * Why an alias would hide a module the runtime provides or a package the app declares (so the card
 * would show one thing while another runs), or undefined.
 */
export function shadowingProblem(aliases: Aliases, declared: string[]): string | undefined {
  const names = [...new Set([...PROVIDED_IMPORTS, ...declared])];
  for (const { pattern } of aliases.rules) {
    const hidden = names.find((name) => couldMatch(pattern, name));
    if (hidden)
      return `${aliases.source ?? 'The default alias'}: paths "${pattern}" would shadow "${hidden}" (${
        (PROVIDED_IMPORTS as readonly string[]).includes(hidden)
          ? 'a module the Room runtime provides'
          : 'a package the app declares'
      }): rename the alias`;
  }
  return undefined;
}

/** The text a `*` pattern captures from `specifier`, or undefined when it does not match. */
export function matchPattern(pattern: string, specifier: string): string | undefined {
  const star = pattern.indexOf('*');
  if (star < 0) return pattern === specifier ? '' : undefined;
  const [prefix, suffix] = [pattern.slice(0, star), pattern.slice(star + 1)];
  if (specifier.length < prefix.length + suffix.length) return undefined;
  if (!specifier.startsWith(prefix) || !specifier.endsWith(suffix)) return undefined;
  return specifier.slice(prefix.length, specifier.length - suffix.length);
}

// Whether the pattern matches `name` or any subpath of it (`name/…`).
function couldMatch(pattern: string, name: string): boolean {
  if (matchPattern(pattern, name) !== undefined) return true;
  const star = pattern.indexOf('*');
  const sub = `${name}/`;
  if (star < 0) return pattern.startsWith(sub);
  const prefix = pattern.slice(0, star);
  return sub.startsWith(prefix) || prefix.startsWith(sub);
}

const stars = (s: string) => s.split('*').length - 1;

// `target` joined to `base` and normalised, or undefined if it leaves the app's root (or is not a plain path).
function inside(target: string, base: string): string | undefined {
  if (target.startsWith('/') || target.includes('\\') || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(target))
    return undefined;
  return joinInside(base === '' ? [] : base.split('/'), target);
}

// The parser sets a `__proto__` key as the object's prototype: only keys the file spells count, as in TypeScript.
const own = (x: unknown, key: string): unknown => (isObject(x) && Object.hasOwn(x, key) ? x[key] : undefined);

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

const prefixOf = (pattern: string) => pattern.split('*')[0] ?? '';
