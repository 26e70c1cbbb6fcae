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
});

describe('the dialog message', () => {
  it('carries one of its phases and nothing else passes', () => {
    for (const phase of ['open', 'closed', 'cut'])
      expect(isFrameToHost({ type: 'dialog', phase })).toBe(true);
    expect(isFrameToHost({ type: 'dialog', phase: 'hold' })).toBe(false);
    expect(isFrameToHost({ type: 'dialog' })).toBe(false);
  });
});
