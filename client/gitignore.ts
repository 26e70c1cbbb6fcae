// A simple .gitignore reader: one pattern a line, `#` comments, `!` re-includes, a trailing `/` matches
// directories only, a `/` elsewhere anchors the pattern to the folder, `*` `?` stay within a segment and
// `**` spans segments. Only the .gitignore at the top of the folder is read (not nested ones).

interface Rule {
  negate: boolean;
  dirOnly: boolean;
  re: RegExp;
}

function globToRegExp(glob: string, anchored: boolean): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*' && glob[i + 1] === '*') {
      const slash = glob[i + 2] === '/';
      re += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${anchored ? '' : '(?:.*/)?'}${re}$`);
}

/** Parses .gitignore text into a matcher of relative, `/`-separated paths. */
export function parseGitignore(text: string): (path: string, isDir: boolean) => boolean {
  const rules: Rule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.replace(/\s+$/, '');
    if (!line || line.startsWith('#')) continue;
    const negate = line.startsWith('!');
    if (negate) line = line.slice(1);
    const dirOnly = line.endsWith('/');
    if (dirOnly) line = line.slice(0, -1);
    const anchored = line.includes('/');
    if (line.startsWith('/')) line = line.slice(1);
    rules.push({ negate, dirOnly, re: globToRegExp(line, anchored) });
  }
  return (path, isDir) => {
    let ignored = false;
    for (const r of rules) {
      // Ignored folders are never entered, so a folder-only rule need not look at files.
      if (r.dirOnly && !isDir) continue;
      if (r.re.test(path)) ignored = !r.negate;
    }
    return ignored;
  };
}
