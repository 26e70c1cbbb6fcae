import { describe, expect, it } from 'vitest';
import { MessageFlood } from './MessageFlood.ts';

describe('MessageFlood', () => {
  it('allows the budget within one second and flags the message after it', () => {
    const flood = new MessageFlood(3);
    expect([0, 10, 20].map((t) => flood.hit(t))).toEqual([false, false, false]);
    expect(flood.hit(30)).toBe(true);
  });

  it('starts a fresh budget each second', () => {
    const flood = new MessageFlood(2);
    flood.hit(0);
    flood.hit(1);
    expect(flood.hit(1000)).toBe(false);
    expect(flood.hit(1001)).toBe(false);
    expect(flood.hit(1002)).toBe(true);
  });

  it('counts bytes as amounts, and says what is left of the second', () => {
    const bytes = new MessageFlood(100);
    expect(bytes.hit(0, 60)).toBe(false);
    expect(bytes.left(10)).toBe(40);
    expect(bytes.hit(20, 41)).toBe(true);
    expect(bytes.left(1000)).toBe(100);
  });
});
