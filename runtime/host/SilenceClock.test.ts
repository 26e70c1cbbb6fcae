import { describe, expect, it } from 'vitest';
import { SilenceClock } from './SilenceClock.ts';

/** The verdicts of ticks every 500 ms from `from` to `to` (inclusive). */
const ticks = (clock: SilenceClock, from: number, to: number) => {
  const verdicts: string[] = [];
  for (let t = from; t <= to; t += 500) verdicts.push(clock.tick(t));
  return verdicts;
};

describe('SilenceClock', () => {
  it('keeps pinging a frame that answers', () => {
    const clock = new SilenceClock(3000, 0);
    for (let t = 500; t <= 20_000; t += 500) {
      expect(clock.tick(t)).toBe('ping');
      clock.pong(t + 20);
    }
    expect(clock.stopped).toBe(false);
  });

  it('declares a silent frame unresponsive once the timeout has passed, and only once', () => {
    const clock = new SilenceClock(3000, 0);
    expect(ticks(clock, 500, 3000)).toEqual(['ping', 'ping', 'ping', 'ping', 'ping', 'ping']);
    expect(clock.tick(3001)).toBe('unresponsive');
    expect(clock.stopped).toBe(true);
    expect(clock.tick(3500)).toBe('stopped');
    // A pong after the verdict does not bring it back.
    clock.pong(3600);
    expect(clock.tick(4000)).toBe('stopped');
  });

  it('counts silence from the last pong', () => {
    const clock = new SilenceClock(3000, 0);
    clock.pong(2500);
    expect(clock.tick(5500)).toBe('ping');
    expect(clock.tick(5501)).toBe('unresponsive');
  });

  it('does not count time the page spent hidden', () => {
    const clock = new SilenceClock(3000, 0);
    expect(clock.tick(500)).toBe('ping');
    // Hidden from 1 s to 60 s: no ticks; then visible again.
    clock.resume(60_000);
    expect(ticks(clock, 60_500, 63_000)).toEqual(['ping', 'ping', 'ping', 'ping', 'ping', 'ping']);
    expect(clock.tick(63_001)).toBe('unresponsive');
  });

  it('waits on a held frame (a dialog before the person) until released, then times out afresh', () => {
    const clock = new SilenceClock(3000, 0);
    clock.hold(1000, 180_000);
    expect(ticks(clock, 1500, 60_000).every((v) => v === 'ping')).toBe(true);
    // A second hold while one runs does not push the bound further.
    clock.hold(60_000, 180_000);
    clock.release(90_000);
    expect(clock.tick(93_000)).toBe('ping');
    expect(clock.tick(93_001)).toBe('unresponsive');
  });

  it('holds no longer than the bound: a frame claiming a dialog forever is removed after it', () => {
    const clock = new SilenceClock(3000, 0);
    clock.hold(0, 180_000);
    expect(clock.tick(180_000)).toBe('ping');
    expect(clock.tick(183_000)).toBe('ping');
    expect(clock.tick(183_001)).toBe('unresponsive');
  });

  it('a release without a hold changes nothing', () => {
    const clock = new SilenceClock(3000, 0);
    clock.release(2500);
    expect(clock.tick(3001)).toBe('unresponsive');
  });
});
