import { expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursors.ts';
import { PollPacer } from './PollPacer.ts';

it('round-trips a cursor for its own room only', () => {
  const c = encodeCursor('r1', 42);
  expect(decodeCursor(c, 'r1')).toBe(42);
  expect(decodeCursor(undefined, 'r1')).toBeUndefined();
  expect(() => decodeCursor(c, 'r2')).toThrow(expect.objectContaining({ code: 'invalid_cursor' }));
  expect(() => decodeCursor('garbage!!', 'r1')).toThrow(expect.objectContaining({ code: 'invalid_cursor' }));
  expect(() => decodeCursor(encodeCursor('r1', -1), 'r1')).toThrow(
    expect.objectContaining({ code: 'invalid_cursor' }),
  );
});

it('tells pollers that come before poll_after_ms to slow down', () => {
  const pacer = new PollPacer();
  pacer.check('k', 0);
  pacer.record('k', 0, 2000);
  expect(() => pacer.check('k', 1000)).toThrow(
    expect.objectContaining({ code: 'slow_down', detail: { retry_after_ms: 1000 } }),
  );
  expect(() => pacer.check('k', 1600)).not.toThrow();
  expect(() => pacer.check('other', 1)).not.toThrow();
});
