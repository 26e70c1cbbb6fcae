import fs from 'node:fs';
import path from 'node:path';
import ignore from 'ignore';

/**
 * The repository's files, relative and sorted, as .gitignore leaves them: read from the disk, not from git,
 * since CI tests a copy of the tracked files with no .git folder.
 */
export function repoFiles(root: string): string[] {
  const gitignore = path.join(root, '.gitignore');
  const ignored = ignore().add(fs.existsSync(gitignore) ? fs.readFileSync(gitignore, 'utf8') : '');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      // Dot folders and files (.git, .ci, .tsbuild…) are tooling, never what the docs describe.
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) {
        if (!ignored.ignores(`${rel}/`)) walk(rel);
      } else if (entry.isFile() && !ignored.ignores(rel)) files.push(rel);
    }
  };
  walk('');
  return files.sort();
}
