import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ArmPage, armAfterShown } from './armAfterShown.ts';

/** A page whose visibility the test sets; frames paint when the test says. */
function fakePage() {
  const events = new EventTarget();
  const frames = new Map<number, () => void>();
  let next = 1;
  const doc = Object.assign(events, { visibilityState: 'visible' as DocumentVisibilityState });
  const page: ArmPage = {
    document: doc as unknown as ArmPage['document'],
    requestAnimationFrame: (cb) => {
      frames.set(next, cb);
      return next++;
    },
    cancelAnimationFrame: (h) => frames.delete(h),
  };
  const paint = () => {
    const due = [...frames.values()];
    frames.clear();
    for (const cb of due) cb();
  };
  const setVisible = (visible: boolean) => {
    doc.visibilityState = visible ? 'visible' : 'hidden';
    events.dispatchEvent(new Event('visibilitychange'));
  };
  const press = (kind: 'pointerdown' | 'keydown' = 'pointerdown') => events.dispatchEvent(new Event(kind));
  return { page, paint, setVisible, press };
}

describe('armAfterShown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('arms 500 ms after the first paint, not before', () => {
    const { page, paint } = fakePage();
    const seen: boolean[] = [];
    armAfterShown((a) => seen.push(a), 500, page);
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual([false]);
    paint();
    vi.advanceTimersByTime(499);
    expect(seen).toEqual([false]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([false, true]);
  });

  it('disarms when the page is hidden and arms again 500 ms after it shows', () => {
    const { page, paint, setVisible } = fakePage();
    const seen: boolean[] = [];
    const stop = armAfterShown((a) => seen.push(a), 500, page);
    paint();
    vi.advanceTimersByTime(500);
    setVisible(false);
    paint();
    vi.advanceTimersByTime(5000);
    expect(seen).toEqual([false, true, false]);
    setVisible(true);
    paint();
    vi.advanceTimersByTime(499);
    expect(seen.at(-1)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(seen.at(-1)).toBe(true);
    stop();
    setVisible(false);
    expect(seen.at(-1)).toBe(true);
  });

  it('keeps the buttons off through a run of presses, arming 500 ms after the last one', () => {
    const { page, paint, press } = fakePage();
    const seen: boolean[] = [];
    armAfterShown((a) => seen.push(a), 500, page);
    paint();
    // Taps every 150 ms from the moment the prompt shows, for 3 s: never armed.
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(150);
      press(i % 2 ? 'keydown' : 'pointerdown');
      paint();
    }
    expect(seen.includes(true)).toBe(false);
    vi.advanceTimersByTime(499);
    expect(seen.at(-1)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(seen.at(-1)).toBe(true);
  });

  it('lets a press after a pause through, and disarms before a second press within 500 ms lands', () => {
    const { page, paint, press } = fakePage();
    const seen: boolean[] = [];
    const stop = armAfterShown((a) => seen.push(a), 500, page);
    paint();
    vi.advanceTimersByTime(2000);
    press('keydown');
    expect(seen).toEqual([false, true]);
    vi.advanceTimersByTime(120);
    press('keydown');
    expect(seen.at(-1)).toBe(false);
    paint();
    vi.advanceTimersByTime(500);
    expect(seen.at(-1)).toBe(true);
    // A press 500 ms after the last goes through again.
    press('pointerdown');
    expect(seen.at(-1)).toBe(true);
    stop();
    press('pointerdown');
    expect(seen.at(-1)).toBe(true);
  });
});
