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

  it('refuses a path that is not a folder', async () => {
    await expect(collectFiles('/nonexistent-room-dir')).rejects.toThrow('is not a folder');
  });
});
