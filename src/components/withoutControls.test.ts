import { describe, expect, it } from 'vitest';
import { withoutControls } from './withoutControls.ts';

describe('withoutControls', () => {
  it('removes control characters and bidi marks, keeps newlines, tabs and other text', () => {
    expect(withoutControls('a\u202Eb\u2066c\u200Fd\u061Ce\u0000f\u001Bg\u0085h')).toBe('abcdefgh');
    expect(withoutControls('line 1\n\tline 2 — ünïcode 日本')).toBe('line 1\n\tline 2 — ünïcode 日本');
  });
});
