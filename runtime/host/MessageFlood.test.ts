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
});
