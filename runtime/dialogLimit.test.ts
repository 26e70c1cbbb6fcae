import { describe, expect, it } from 'vitest';
import { DIALOG_LIMIT, DialogCount } from './dialogLimit.ts';
import { isFrameToHost } from './protocol.ts';

describe('DialogCount', () => {
  it('allows three dialogs within ten seconds and cuts the fourth, for good', () => {
    const count = new DialogCount();
    expect([0, 1000, 2000].map((t) => count.allow(t))).toEqual([true, true, true]);
    expect(count.allow(3000)).toBe(false);
    expect(count.flooded).toBe(true);
    // Cut for the frame's life: waiting does not bring dialogs back.
    expect(count.allow(60_000)).toBe(false);
  });

  it('counts only the last ten seconds: a person answering at their pace is never cut', () => {
    const count = new DialogCount();
    for (let t = 0; t < 120_000; t += DIALOG_LIMIT.windowMs / DIALOG_LIMIT.count + 1)
      expect(count.allow(t)).toBe(true);
    expect(count.flooded).toBe(false);
  });

  it("restarts at each click or key press of the person: a quiz's 4th confirm after a 4th click is asked", () => {
    const count = new DialogCount();
    for (const t of [0, 1000, 2000, 3000]) {
      count.gesture();
      expect(count.allow(t)).toBe(true);
    }
    // Three per gesture: one click answered by a loop of dialogs is still a flood.
    count.gesture();
    expect([4000, 4001, 4002, 4003].map((t) => count.allow(t))).toEqual([true, true, true, false]);
    expect(count.flooded).toBe(true);
    count.gesture();
    expect(count.allow(5000)).toBe(false);
  });

  it("the host allows a person's pace, one dialog open at a time: two claimed at once cut", () => {
    const host = new DialogCount(DIALOG_LIMIT.hostCount);
    for (let i = 0; i < DIALOG_LIMIT.hostCount; i++) {
      expect(host.opened(i * 500)).toBe(true);
      host.closed();
    }
    expect(host.opened(DIALOG_LIMIT.hostCount * 500)).toBe(false);
    const stolen = new DialogCount(DIALOG_LIMIT.hostCount);
    expect(stolen.opened(0)).toBe(true);
    expect(stolen.opened(1)).toBe(false);
    stolen.closed();
    expect(stolen.opened(60_000)).toBe(false);
  });

  it('tells the host of a cut once, whether the frame said it or the count found it', () => {
    const told = new DialogCount(DIALOG_LIMIT.hostCount);
    expect(told.report('open', 0)).toBe('open');
    expect(told.report('closed', 1)).toBe('closed');
    expect(told.report('cut', 2)).toBe('cut');
    expect(told.report('open', 3)).toBe('over');
    const counted = new DialogCount(DIALOG_LIMIT.hostCount);
    expect(counted.report('open', 0)).toBe('open');
    expect(counted.report('open', 1)).toBe('cut');
    expect(counted.report('cut', 2)).toBe('over');
  });
});

describe('the dialog message', () => {
  it('carries one of its phases and nothing else passes', () => {
    for (const phase of ['open', 'closed', 'cut'])
      expect(isFrameToHost({ type: 'dialog', phase })).toBe(true);
    expect(isFrameToHost({ type: 'dialog', phase: 'hold' })).toBe(false);
    expect(isFrameToHost({ type: 'dialog' })).toBe(false);
  });
});
