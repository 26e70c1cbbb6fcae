import ignore from 'ignore';

// The `ignore` package reads .gitignore as git does (character classes, `\#`, negations, trailing spaces).
// Only the .gitignore at the top of the folder is read (not nested ones), as before.

/** Parses .gitignore text into a matcher of relative, `/`-separated paths. */
export function parseGitignore(text: string): (path: string, isDir: boolean) => boolean {
  const rules = ignore().add(text);
  // `ignore` tells a folder by its trailing slash.
  return (path, isDir) => rules.ignores(isDir ? `${path}/` : path);
}
