import { describe, expect, it } from 'vitest';
import { highlightLines } from './highlight.ts';

describe('highlightLines', () => {
  it('escapes the source: markup in code stays text', () => {
    expect(highlightLines('src/a.ts', 'const a = "<img src=x onerror=alert(1)>";')?.join('')).not.toContain(
      '<img',
    );
  });

  it('leaves a file whose extension is an Object.prototype name plain rather than throwing', () => {
    for (const path of ['src/a.constructor', 'src/a.toString', 'src/a.__proto__', 'src/a.hasOwnProperty'])
      expect(highlightLines(path, 'x')).toBeUndefined();
  });
});
