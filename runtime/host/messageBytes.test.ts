import { describe, expect, it } from 'vitest';
import { messageBytes } from './messageBytes.ts';

describe('messageBytes', () => {
  it('counts strings by length, buffers by size, and each key', () => {
    const message = { type: 'error', error: { code: 'runtime_error', message: 'x'.repeat(1000) } };
    const bytes = messageBytes(message, Number.POSITIVE_INFINITY);
    expect(bytes).toBeGreaterThan(1000);
    expect(bytes).toBeLessThan(1200);
    expect(messageBytes(new ArrayBuffer(4096), Number.POSITIVE_INFINITY)).toBe(8 + 4096);
    expect(messageBytes(new Map([['k', 'v'.repeat(100)]]), Number.POSITIVE_INFINITY)).toBeGreaterThan(100);
  });

  it('stops once past the limit, on a huge sparse array and on a cycle', () => {
    const sparse: unknown[] = [];
    sparse[2 ** 31] = 'end';
    expect(messageBytes(sparse, 1000)).toBeGreaterThan(1000);
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    expect(messageBytes(cyclic, 1000)).toBeLessThan(100);
  });

  it('walks a deep nesting without recursion', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(messageBytes(deep, Number.POSITIVE_INFINITY)).toBeGreaterThan(200_000 * 8);
  });
});
