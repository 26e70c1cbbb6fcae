import type { WireError } from './errorCodes.ts';
import { describeForbiddenChar, findForbiddenChar } from './names.ts';

/** Why `path` is not a canonical, safe relative path, or undefined when it is. Nothing is normalised. */
export function pathProblem(path: string): string | undefined {
  if (path === '') return 'it is empty';
  if (path.startsWith('/')) return 'it starts with /';
  if (path.includes('\\')) return 'it contains a backslash';
  if (/^[A-Za-z]:/.test(path)) return 'it starts with a drive letter';
  const bad = findForbiddenChar(path);
  if (bad !== undefined) return `it contains ${describeForbiddenChar(bad)}`;
  for (const segment of path.split('/')) {
    if (segment === '') return 'it has an empty segment (// or a trailing /)';
    if (segment === '.' || segment === '..') return `it has a '${segment}' segment`;
  }
  return undefined;
}

/** Rule 3 for one path: `unsafe_path` naming the path and the reason. */
export function checkPath(path: string): WireError | undefined {
  const why = pathProblem(path);
  return why === undefined
    ? undefined
    : { code: 'unsafe_path', message: `unsafe path '${path}': ${why}`, detail: { path, reason: why } };
}
