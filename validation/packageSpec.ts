import validRange from 'semver/ranges/valid.js';

/**
 * Package names and ranges are data, never commands: a name is a registry package name (scoped or
 * not), a range a semver range or a dist-tag. Paths, URLs, git, repository shorthands, aliases and
 * anything that could read as a flag are refused here, before any of it reaches the registry.
 */

// npm's rules (validate-npm-package-name) as an allowlist: old packages may have capitals.
const NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/i;
const MAX_NAME = 214;
// A dist-tag: letters first, so no version, path, URL or flag can pass as one.
const DIST_TAG = /^[a-z][a-z0-9._-]{0,63}$/i;
const MAX_RANGE = 256;

/** Why `name` is not a registry package name, or undefined when it is. */
export function packageNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'the name is empty';
  if (name.length > MAX_NAME) return `the name is longer than ${MAX_NAME} characters`;
  if (!NAME.test(name)) return 'not a registry package name (a path, URL, flag or other spec is not allowed)';
  return undefined;
}

/** Why `range` is not a semver range or dist-tag, or undefined when it is. */
export function versionRangeProblem(range: string): string | undefined {
  if (range.length > MAX_RANGE) return `the range is longer than ${MAX_RANGE} characters`;
  if (/^npm:/i.test(range)) return 'aliases (npm:) are not allowed: name the package itself';
  // Ranges never hold these; specs for files, URLs, git and repositories do.
  if (/[/\\:#]/.test(range) || range.trimStart().startsWith('-'))
    return 'only a semver range or a dist-tag is allowed (no path, URL, git or repository spec)';
  if (validRange(range) !== null || DIST_TAG.test(range)) return undefined;
  return 'not a semver range or a dist-tag';
}

/** One problem line for `name@range`, naming the entry, or undefined when both are data. */
export function packageSpecProblem(name: string, range: string): string | undefined {
  const nameProblem = packageNameProblem(name);
  if (nameProblem) return `"${printable(name)}": ${nameProblem}`;
  const rangeProblem = versionRangeProblem(range);
  if (rangeProblem) return `"${printable(name)}": "${printable(range)}" is ${rangeProblem}`;
  return undefined;
}

// Error text quotes hostile input: keep it short and free of control characters.
function printable(text: string): string {
  const clean = text.replace(/\p{Cc}/gu, (c) => `\\u{${c.codePointAt(0)?.toString(16)}}`);
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean;
}
