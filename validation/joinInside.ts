/** `specifier` joined to the directory `dir` (its segments) and normalised; undefined when it leaves the app's root. */
export function joinInside(dir: string[], specifier: string): string | undefined {
  const segments = [...dir];
  for (const part of specifier.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (segments.length === 0) return undefined;
      segments.pop();
    } else segments.push(part);
  }
  return segments.join('/');
}
