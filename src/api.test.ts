import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api.ts';

const answer = (status: number, body: string) =>
  vi.stubGlobal(
    'fetch',
    async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }),
  );
const rejection = (call: () => Promise<unknown>) =>
  call().then(
    () => expect.unreachable('the call succeeded'),
    (err: unknown) => {
      expect(err).toBeInstanceOf(ApiError);
      return err as ApiError;
    },
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api', () => {
  it("keeps the server's code, message and detail", async () => {
    const wire = { code: 'name_taken', message: 'Name taken', detail: { name: 'Notes' } };
    answer(409, JSON.stringify(wire));
    const err = await rejection(() => api('GET /api/me'));
    expect(err.status).toBe(409);
    expect(err.wire).toEqual(wire);
    expect(err.message).toBe('Name taken');
  });

  it('says the status when the error body is not a wire error', async () => {
    answer(502, '<html>Bad gateway</html>');
    expect((await rejection(() => api('GET /api/me'))).wire).toEqual({
      code: 'internal',
      message: 'HTTP 502',
    });
  });

  it('refuses a success whose body is not JSON', async () => {
    answer(200, 'ok');
    const err = await rejection(() => api('GET /api/me'));
    expect(err.wire.code).toBe('internal');
  });

  it('keeps the browser words when the server is not reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const err = await rejection(() => api('GET /api/me'));
    expect(err.status).toBe(0);
    expect(err.wire).toEqual({ code: 'not_available', message: 'Failed to fetch' });
  });

  it('answers the body on success', async () => {
    answer(200, JSON.stringify({ ok: true }));
    expect(await api('DELETE /api/session')).toEqual({ ok: true });
  });
});
