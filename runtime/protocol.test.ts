import { describe, expect, it } from 'vitest';
import { boundFrameError, FRAME_ERROR_LIMITS, isFrameToHost } from './protocol.ts';

const error = (fields: Record<string, unknown>) => ({
  type: 'error',
  error: { code: 'runtime_error', message: 'boom', ...fields },
});

describe('the frame error guard', () => {
  it('takes an error with a short text, a path and positive positions', () => {
    expect(isFrameToHost(error({ file: 'src/App.tsx', line: 3, column: 9 }))).toBe(true);
  });

  it('drops a text or file past its bound, and positions that are not positive integers', () => {
    expect(isFrameToHost(error({ message: 'x'.repeat(FRAME_ERROR_LIMITS.messageChars + 1) }))).toBe(false);
    expect(isFrameToHost(error({ file: 'a'.repeat(FRAME_ERROR_LIMITS.fileChars + 1) }))).toBe(false);
    for (const bad of [-1, 0, 1.5, 1e308, Number.NaN, '3'])
      expect(isFrameToHost(error({ line: bad })), String(bad)).toBe(false);
    expect(isFrameToHost(error({ column: 1e308 }))).toBe(false);
  });

  it('the frame cuts its own error to fit, keeping what is in bounds', () => {
    const long = 'y'.repeat(10_000);
    const bounded = boundFrameError({
      code: 'compile_error',
      message: long,
      file: 'src/App.tsx',
      line: 2,
      column: -1,
    });
    expect(bounded).toEqual({
      code: 'compile_error',
      message: long.slice(0, FRAME_ERROR_LIMITS.messageChars),
      file: 'src/App.tsx',
      line: 2,
    });
    expect(isFrameToHost({ type: 'error', error: bounded })).toBe(true);
  });
});
