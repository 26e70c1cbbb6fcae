import { describe, expect, it } from 'vitest';
import { findEntry, resolveRelative } from './resolve.ts';

const files = {
  'src/App.tsx': '',
  'src/styles.css': '',
  'src/lib/index.ts': '',
  'src/lib/util.ts': '',
  'src/data.json': '',
  'README.md': '',
};

describe('resolveRelative', () => {
  it('tries extensions and index files in order', () => {
    expect(resolveRelative(files, 'src/App.tsx', './styles.css')).toBe('src/styles.css');
    expect(resolveRelative(files, 'src/App.tsx', './lib')).toBe('src/lib/index.ts');
    expect(resolveRelative(files, 'src/App.tsx', './lib/util')).toBe('src/lib/util.ts');
    expect(resolveRelative(files, 'src/lib/util.ts', '../data.json')).toBe('src/data.json');
    expect(resolveRelative(files, 'src/lib/util.ts', '../data')).toBe('src/data.json');
  });

  it('never leaves the file map', () => {
    expect(resolveRelative(files, 'src/App.tsx', '../../etc/passwd')).toBeUndefined();
    expect(resolveRelative(files, 'src/App.tsx', '../../README.md')).toBeUndefined();
    expect(resolveRelative(files, 'src/App.tsx', './missing')).toBeUndefined();
  });
});

describe('findEntry', () => {
  it('prefers src/App.tsx, then other App files, then a self-mounting index', () => {
    expect(findEntry({ 'src/App.tsx': '', 'src/App.js': '' })).toEqual({
      path: 'src/App.tsx',
      mountsItself: false,
    });
    expect(findEntry({ 'src/App.js': '' })).toEqual({ path: 'src/App.js', mountsItself: false });
    expect(findEntry({ 'src/index.js': '' })).toEqual({ path: 'src/index.js', mountsItself: true });
    expect(findEntry({ 'src/other.js': '' })).toBeUndefined();
  });
});
