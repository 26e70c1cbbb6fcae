import { describe, expect, it } from 'vitest';
import { PromptGate, type PromptKind } from './PromptGate.ts';

const who = { roomId: 'r', appId: 'a' };
const kind: PromptKind = { action: 'save a file', refused: 'save_refused', perMinute: 3, timeoutMs: 50 };
const outcome = (p: Promise<unknown>) =>
  p.then(
    (v) => v,
    (e: { code: string }) => e.code,
  );

function gate(state: { shown?: boolean; gesture?: boolean; now?: number } = {}) {
  const shows: string[] = [];
  const g = new PromptGate({
    isShown: () => state.shown ?? true,
    hasGesture: () => state.gesture ?? true,
    now: () => state.now ?? 0,
    gestureGraceMs: 60,
  });
  const ask = (answer: string | 'never' = 'yes', as = who) =>
    outcome(
      g.ask(as, kind, (signal) => {
        shows.push(answer);
        if (answer !== 'never') return Promise.resolve(answer);
        return new Promise((resolve) => signal.addEventListener('abort', () => resolve('late')));
      }),
    );
  return { ask, shows, state };
}

describe('PromptGate', () => {
  it('shows a prompt only right after a gesture of the person in the app on screen', async () => {
    const g = gate({ gesture: false });
    expect(await g.ask()).toBe('save_refused');
    g.state.gesture = true;
    g.state.shown = false;
    expect(await g.ask()).toBe('save_refused');
    g.state.shown = true;
    expect(await g.ask('yes')).toBe('yes');
    expect(g.shows).toEqual(['yes']);
  });

  it('waits a moment for a gesture still on its way, and asks arriving meanwhile are refused', async () => {
    const g = gate({ gesture: false });
    const first = g.ask('yes');
    expect(await g.ask()).toBe('too_many_requests');
    setTimeout(() => {
      g.state.gesture = true;
    }, 20);
    expect(await first).toBe('yes');
  });

  it('refuses a prompt nobody answers in time with the kind’s code', async () => {
    const g = gate();
    expect(await g.ask('never')).toBe('save_refused');
  });

  it('shows one prompt at a time and rate-limits each app’s asks, refused ones included', async () => {
    const g = gate({ gesture: false });
    expect(await g.ask()).toBe('save_refused');
    g.state.gesture = true;
    const first = g.ask('never');
    expect(await g.ask()).toBe('too_many_requests');
    expect(await first).toBe('save_refused');
    // Three asks in this minute already: the fourth is over, another app is not.
    expect(await g.ask()).toBe('too_many_requests');
    expect(await g.ask('yes', { roomId: 'r', appId: 'b' })).toBe('yes');
    g.state.now = 60_000;
    expect(await g.ask('yes')).toBe('yes');
    expect(g.shows).toEqual(['never', 'yes', 'yes']);
  });
});
