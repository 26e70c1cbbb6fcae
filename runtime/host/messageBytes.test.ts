import { describe, expect, it } from 'vitest';
import { messageBytes } from './messageBytes.ts';

describe('messageBytes', () => {
  it('counts strings by length, buffers by size, and each key', () => {
    const message = { type: 'error', error: { code: 'runtime_error', message: 'x'.repeat(1000) } };
    const bytes = messageBytes(message, Number.POSITIVE_INFINITY);
    expect(bytes).toBeGreaterThan(1000);
    expect(bytes).toBeLessThan(1200);
    expect(messageBytes(new ArrayBuffer(4096), Number.POSITIVE_INFINITY)).toBe(8 + 4096);
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

  const LIMIT = 32 * 1024 * 1024;
  /** Sizes a structured clone of `value` (as a port delivers it); the walk alone is timed. */
  const sized = (value: unknown) => {
    const data = structuredClone(value);
    const start = performance.now();
    const bytes = messageBytes(data, LIMIT);
    return { bytes, ms: performance.now() - start };
  };

  it.each([
    ['a String wrapper of 4M characters (a key per character)', () => ({ s: new String('x'.repeat(4e6)) })],
    ['Errors with 10 MB messages', () => [new Error('E'.repeat(10 * 1024 * 1024)), new Error('e')]],
    ['a RegExp', () => [new RegExp('a'.repeat(100_000))]],
    ['a Date', () => ({ when: new Date() })],
    ['a Map', () => new Map([['k', 'v']])],
    ['a Set', () => new Set(['v'])],
    ['a BigInt', () => ({ n: 2n ** 4000n })],
    ['a Boolean wrapper', () => [new Boolean(true)]],
  ])('counts %s as over any budget, at once', (_, make) => {
    const { bytes, ms } = sized(make());
    expect(bytes).toBe(Number.POSITIVE_INFINITY);
    expect(ms).toBeLessThan(50);
  });

  it('sizes a view by the whole buffer the clone copies, once', () => {
    const buffer = new ArrayBuffer(8 * 1024 * 1024);
    const { bytes } = sized({ a: new Uint8Array(buffer, 0, 1), b: new DataView(buffer, 0, 1) });
    expect(bytes).toBeGreaterThan(8 * 1024 * 1024);
    expect(bytes).toBeLessThan(8 * 1024 * 1024 + 200);
  });

  it('stops walking an object of many keys once past the limit', () => {
    const many: Record<string, number> = {};
    for (let i = 0; i < 200_000; i++) many[`k${i}`] = i;
    expect(messageBytes(structuredClone({ many }), 1000)).toBeLessThan(1100);
  });

  it('sizes what the protocol sends: plain objects, null prototypes, Blobs, typed arrays', () => {
    const bare = Object.assign(Object.create(null), { k: 'v'.repeat(100) });
    expect(sized(bare).bytes).toBeGreaterThan(100);
    expect(sized({ data: new Blob(['x'.repeat(5000)]) }).bytes).toBeGreaterThan(5000);
    expect(sized({ data: new Uint16Array(1000) }).bytes).toBeGreaterThan(2000);
  });
});
