import { describe, expect, it } from 'vitest';
import { openToEvict, warmToDrop } from './poolEvictions.ts';

describe('openToEvict', () => {
  it('keeps up to maxOpen open frames', () => {
    const slots = [
      { id: 'a', usedAt: 1 },
      { id: 'b', usedAt: 2 },
    ];
    expect(openToEvict(slots, 2)).toEqual([]);
  });

  it('evicts the least recently used first, whatever the order the frames were created in', () => {
    // Created a, b, c, d; then opened d, b, c, and a again (most recent).
    const slots = [
      { id: 'a', usedAt: 7 },
      { id: 'b', usedAt: 5 },
      { id: 'c', usedAt: 6 },
      { id: 'd', usedAt: 4 },
    ];
    expect(openToEvict(slots, 3)).toEqual(['d']);
    expect(openToEvict(slots, 1)).toEqual(['d', 'b', 'c']);
  });

  it('never counts or evicts warm frames', () => {
    const slots = [
      { id: 'warm1', usedAt: 0 },
      { id: 'open1', usedAt: 1 },
      { id: 'warm2', usedAt: 0 },
      { id: 'open2', usedAt: 2 },
    ];
    expect(openToEvict(slots, 2)).toEqual([]);
    expect(openToEvict(slots, 1)).toEqual(['open1']);
  });
});

describe('warmToDrop', () => {
  it('warms without dropping while under maxWarm', () => {
    expect(warmToDrop([{ id: 'w1', usedAt: 0 }], 2)).toEqual([]);
  });

  it('drops the earliest warmed frame to make room for one more', () => {
    const slots = [
      { id: 'w1', usedAt: 0 },
      { id: 'w2', usedAt: 0 },
    ];
    expect(warmToDrop(slots, 2)).toEqual(['w1']);
  });

  it('never drops an open frame for a warm one, even one opened long ago', () => {
    const slots = [
      { id: 'open', usedAt: 1 },
      { id: 'w1', usedAt: 0 },
      { id: 'w2', usedAt: 0 },
    ];
    expect(warmToDrop(slots, 2)).toEqual(['w1']);
    expect(warmToDrop([{ id: 'open', usedAt: 1 }], 1)).toEqual([]);
  });
});
