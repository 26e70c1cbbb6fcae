import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appDir } from '../test-support/cliHarness.ts';
import { collectFiles } from './collectFiles.ts';
import { parseGitignore } from './gitignore.ts';

describe('parseGitignore', () => {
  const ignored = parseGitignore('# build output\ndist/\n*.log\n!keep.log\n/secret.txt\ndocs/**/*.tmp\n');
  it.each([
    ['dist', true, true],
    ['src/dist', true, true],
    ['dist', false, false],
    ['a.log', false, true],
    ['src/deep/b.log', false, true],
    ['keep.log', false, false],
    ['secret.txt', false, true],
    ['src/secret.txt', false, false],
    ['docs/a/b/c.tmp', false, true],
    ['docs/c.tmp', false, true],
    ['src/App.tsx', false, false],
  ])('%s (dir %s) → %s', (p, isDir, expected) => expect(ignored(p, isDir)).toBe(expected));
});

describe('parseGitignore reads patterns as git does', () => {
  it.each(['x.pyc', 'x.pyo', 'x.pyd', 'src/deep/x.pyc'])('*.py[cod] ignores %s', (p) =>
    expect(parseGitignore('*.py[cod]\n')(p, false)).toBe(true),
  );
  it('*.py[cod] keeps x.py and x.pyx', () => {
    const ignored = parseGitignore('*.py[cod]\n');
    expect([ignored('x.py', false), ignored('x.pyx', false)]).toEqual([false, false]);
  });
  it('\\#notes ignores a file literally named #notes; #notes alone is a comment', () => {
    expect(parseGitignore('\\#notes\n')('#notes', false)).toBe(true);
    expect(parseGitignore('#notes\n')('#notes', false)).toBe(false);
  });
  it('a negation re-includes what an earlier pattern ignored, a later pattern wins', () => {
    const ignored = parseGitignore('*.log\n!keep.log\n');
    expect([ignored('a.log', false), ignored('keep.log', false), ignored('logs/keep.log', false)]).toEqual([
      true,
      false,
      false,
    ]);
    expect(parseGitignore('!keep.log\n*.log\n')('keep.log', false)).toBe(true);
    // git never re-includes a file whose folder is excluded.
    expect(parseGitignore('logs/\n!logs/keep.log\n')('logs/keep.log', false)).toBe(true);
  });
  it('a directory pattern ignores the folder and what is under it, not a file of that name', () => {
    const ignored = parseGitignore('cache/\n');
    expect(ignored('cache', true)).toBe(true);
    expect(ignored('src/cache', true)).toBe(true);
    expect(ignored('cache', false)).toBe(false);
    expect(ignored('cache/a.txt', false)).toBe(true);
  });
});

describe('collectFiles', () => {
  it('keeps text files and skips ignored, binary, secret and vendored ones', async () => {
    const dir = appDir({
      'src/App.tsx': 'export default () => null;\n',
      'src/ünï.ts': 'export const x = "é";\n',
      '.gitignore': 'build/\n',
      'build/out.js': 'x',
      'node_modules/react/index.js': 'x',
      '.git/HEAD': 'ref',
      '.env': 'SECRET=1',
      'img.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1]),
      'latin1.txt': new Uint8Array([0x63, 0x61, 0x66, 0xe9]),
    });
    fs.symlinkSync('/etc/hosts', path.join(dir, 'link'));
    const c = await collectFiles(dir);
    expect(c.files).toEqual({
      'src/App.tsx': 'export default () => null;\n',
      'src/ünï.ts': 'export const x = "é";\n',
    });
    expect(Object.fromEntries(c.skipped.map((s) => [s.path, s.reason]))).toEqual({
      '.env': 'environment file',
      '.git/': 'git metadata (remotes may hold tokens)',
      'build/': 'ignored',
      'img.png': 'binary',
      'latin1.txt': 'binary',
      link: 'symlink',
      'node_modules/': 'ignored',
    });
  });

  it('reads the top .gitignore for nested paths; a nested .gitignore is sent, not read', async () => {
    const dir = appDir({
      'src/App.tsx': 'export default () => null;\n',
      '.gitignore': '*.py[cod]\n',
      'tools/x.pyc': 'compiled',
      'tools/run.py': 'print(1)\n',
      'tools/.gitignore': '*.txt\n',
      'tools/notes.txt': 'kept\n',
    });
    const c = await collectFiles(dir);
    expect(Object.keys(c.files).sort()).toEqual([
      'src/App.tsx',
      'tools/.gitignore',
      'tools/notes.txt',
      'tools/run.py',
    ]);
    expect(c.skipped).toEqual([{ path: 'tools/x.pyc', reason: 'ignored' }]);
  });

  it('refuses a path that is not a folder', async () => {
    await expect(collectFiles('/nonexistent-room-dir')).rejects.toThrow('is not a folder');
  });
});
