import { expect, it } from 'vitest';
import { EventBus } from './EventBus.ts';
import { RateLimiter } from './RateLimiter.ts';

it('allows max hits per window per key, then rate_limited with the wait', () => {
  const limiter = new RateLimiter(2, 1000);
  limiter.hit('a', 0);
  limiter.hit('a', 10);
  limiter.hit('b', 10);
  expect(() => limiter.hit('a', 500)).toThrow(
    expect.objectContaining({ code: 'rate_limited', detail: { retry_after_ms: 500 } }),
  );
  expect(() => limiter.hit('a', 1000)).not.toThrow();
});

it('wakes waiters on publish and times out otherwise', async () => {
  const bus = new EventBus();
  const woke = bus.waitFor('r1', 5000);
  bus.publish('r2');
  bus.publish('r1');
  await woke;
  const started = Date.now();
  await bus.waitFor('r1', 30);
  expect(Date.now() - started).toBeGreaterThanOrEqual(25);
});

it('gives back a released hit within the window', () => {
  const limiter = new RateLimiter(1, 1000);
  limiter.hit('a', 0);
  limiter.release('a', 0);
  expect(() => limiter.hit('a', 10)).not.toThrow();
  expect(() => limiter.hit('a', 20)).toThrow(expect.objectContaining({ code: 'rate_limited' }));
});

it('does not give back a hit to a window that began after it', () => {
  const limiter = new RateLimiter(1, 1000);
  limiter.hit('a', 0);
  limiter.hit('a', 1500);
  limiter.release('a', 0);
  expect(() => limiter.hit('a', 1600)).toThrow(expect.objectContaining({ code: 'rate_limited' }));
});
