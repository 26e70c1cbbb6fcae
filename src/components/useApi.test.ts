import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api.ts';
import { Failure } from '../wireError.ts';
import { PageFailed, PageLoading } from './PageStatus.tsx';
import { type ApiState, settleRead, useApi } from './useApi.ts';

const settled = async <T>(read: Promise<T>, lead?: string) => {
  const seen: ApiState<T>[] = [];
  settleRead(read, (s) => seen.push(s), lead);
  await new Promise((r) => setTimeout(r, 0));
  return seen;
};

describe('settleRead', () => {
  it('answers the value as ready', async () => {
    expect(await settled(Promise.resolve(3))).toEqual([{ state: 'ready', value: 3 }]);
  });
  it("keeps a failure as the server's wire error, led by the place's words", async () => {
    const wire = { code: 'not_found' as const, message: 'No such room' };
    const [s] = await settled(Promise.reject(new ApiError(404, wire)), 'Could not load the room');
    expect(s?.state).toBe('failed');
    const failure = s?.state === 'failed' ? s.failure : undefined;
    expect(failure).toBeInstanceOf(Failure);
    expect(failure?.error).toEqual(wire);
    expect(failure?.text).toBe('Could not load the room: No such room');
  });
  it('drops an answer that arrives after the cancel (unmounted, or the deps moved on)', async () => {
    const seen: unknown[] = [];
    let answer: (n: number) => void = () => {};
    const cancel = settleRead(new Promise<number>((r) => (answer = r)), (s) => seen.push(s));
    cancel();
    answer(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual([]);
  });
});

// Effects do not run in a server render: what it shows is the state before any answer.
function Probe() {
  return useApi(() => Promise.resolve(1), []).state;
}

describe('useApi', () => {
  it('starts loading, before any answer', () => {
    expect(renderToStaticMarkup(createElement(Probe))).toBe('loading');
  });
});

describe('page states', () => {
  it('keeps the markup each page had', () => {
    expect(renderToStaticMarkup(createElement(PageLoading, null, 'Loading room…'))).toBe(
      '<main class="page page-status">Loading room…</main>',
    );
    const failure = new Failure({ code: 'forbidden', message: 'Not a member' });
    expect(renderToStaticMarkup(createElement(PageFailed, { title: 'Room unavailable', failure }))).toBe(
      '<main class="page"><h1>Room unavailable</h1><p role="alert" data-error-code="forbidden">Not a member</p></main>',
    );
  });
});
