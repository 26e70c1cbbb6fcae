import { describe, expect, it } from 'vitest';
import { SAVE_LIMITS } from '../files/saveLimits.ts';
import type { HostToFrame } from '../protocol.ts';
import { PromptGate } from './PromptGate.ts';
import { SaveGate, type SaveRequest } from './SaveGate.ts';

const who = { roomId: 'r', appId: 'a' };

function gate(opts: { shown?: boolean; gesture?: boolean; answer?: boolean | 'never' } = {}) {
  const downloads: SaveRequest[] = [];
  const asked: SaveRequest[] = [];
  const g = new SaveGate({
    prompts: new PromptGate({
      isShown: () => opts.shown ?? true,
      hasGesture: () => opts.gesture ?? true,
      gestureGraceMs: 0,
    }),
    download: (r) => downloads.push(r),
    ask: (r, signal) => {
      asked.push(r);
      if (opts.answer === 'never')
        return new Promise((resolve) => signal.addEventListener('abort', () => resolve(false)));
      return Promise.resolve(opts.answer ?? true);
    },
    promptTimeoutMs: 50,
  });
  const save = (params: Record<string, unknown>) =>
    new Promise<HostToFrame>((resolve) =>
      g.handle(who, { type: 'sdk-call', id: 1, method: 'files.save', params }, resolve),
    );
  return { save, downloads, asked };
}
const code = (m: HostToFrame) => (m.type === 'sdk-result' && !m.ok ? m.error.code : 'ok');

describe('SaveGate', () => {
  it('downloads only after the person said yes, with the cleaned name and the listed type', async () => {
    const g = gate();
    expect(
      code(await g.save({ name: 'poll\u202E.csv', data: new Uint8Array([97]), type: 'text/html' })),
    ).toBe('invalid_name');
    expect(code(await g.save({ name: 'poll\u202E.csv', data: new Uint8Array([97]) }))).toBe('ok');
    expect(g.downloads.map((d) => [d.name, d.type, d.bytes.byteLength])).toEqual([
      ['poll.csv', 'text/csv', 1],
    ]);
  });

  it('refuses without downloading: a no, nobody answering, an app not on screen or not just used, too much data', async () => {
    const no = gate({ answer: false });
    expect(code(await no.save({ name: 'a.txt', data: 'x' }))).toBe('save_refused');
    const nobody = gate({ answer: 'never' });
    expect(code(await nobody.save({ name: 'a.txt', data: 'x' }))).toBe('save_refused');
    const hidden = gate({ shown: false });
    expect(code(await hidden.save({ name: 'a.txt', data: 'x' }))).toBe('save_refused');
    expect(hidden.asked).toEqual([]);
    const unasked = gate({ gesture: false });
    const noGesture = await unasked.save({ name: 'a.txt', data: 'x' });
    expect(code(noGesture)).toBe('save_refused');
    expect(noGesture.type === 'sdk-result' && !noGesture.ok && noGesture.error.message).toMatch(
      /only right after they click or press a key in it/,
    );
    expect(unasked.asked).toEqual([]);
    const big = gate();
    expect(code(await big.save({ name: 'a.txt', data: new Uint8Array(SAVE_LIMITS.maxBytes + 1) }))).toBe(
      'too_large',
    );
    expect(code(await big.save({ name: 'a.txt', data: { not: 'bytes' } }))).toBe('invalid_value');
    expect([no, nobody, hidden, unasked, big].flatMap((g) => g.downloads)).toEqual([]);
  });

  it('asks one prompt at a time and a few times a minute', async () => {
    const g = gate({ answer: 'never' });
    const all = await Promise.all(
      Array.from({ length: 10 }, (_, i) => g.save({ name: `f${i}.txt`, data: 'x' })),
    );
    expect(all.map(code)).toEqual(['save_refused', ...Array(9).fill('too_many_requests')]);
    expect(g.asked).toHaveLength(1);
  });
});
