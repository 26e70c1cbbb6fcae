import { describe, expect, it } from 'vitest';
import { bundlerError } from './bundlerError.ts';

describe('bundlerError', () => {
  it('names the file without its leading slash, the line and the column', () => {
    expect(
      bundlerError({
        title: 'SyntaxError',
        path: '/src/App.tsx',
        line: 3,
        column: 9,
        message: 'Unexpected token',
      }),
    ).toBe('SyntaxError in src/App.tsx, line 3, column 9: Unexpected token');
  });

  it('keeps what it can of a partial or hostile message, bounded', () => {
    expect(bundlerError({ message: 'boom' })).toBe('Error: boom');
    expect(bundlerError({ title: 'E', path: '/a.ts', line: -1, column: 2, message: 'm' })).toBe(
      'E in a.ts: m',
    );
    expect(bundlerError({ title: { toString: () => 'x' }, message: 'y'.repeat(2000) })).toHaveLength(500);
  });
});
