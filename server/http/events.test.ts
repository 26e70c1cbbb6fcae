import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { type Api, apiClient, joinAsMember } from '../../test-support/testClient.ts';
import { SESSION_MS } from '../domain/auth.ts';
import { STREAM_RECHECK_MS, STREAMS_PER_CREDENTIAL } from './eventStream.ts';

const APP = { 'src/App.tsx': 'export default () => null;\n' };
let s: TestServer;
let owner: Api;

beforeEach(async () => {
  s = await startTestServer();
  owner = apiClient(s.url, { token: s.ownerToken });
});
afterEach(async () => s.close());

/** Reads SSE events from a stream until `until` says stop; returns them parsed. */
async function collect(
  res: Response,
  until: (events: { type: string; data: Record<string, unknown> }[]) => boolean,
) {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: { type: string; data: Record<string, unknown> }[] = [];
  let buffer = '';
  while (!until(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = block.split('\n').find((l) => l.startsWith('data: '));
      if (data) events.push(JSON.parse(data.slice(6)));
      cut = buffer.indexOf('\n\n');
    }
  }
  await reader.cancel();
  return events;
}

it('streams approvals and removals to a member within a second, never a pending name', async () => {
  const roomId = (await owner('POST', '/api/rooms', { name: 'Live' })).body.room.id;
  const { cookie } = await joinAsMember(s, owner, roomId);
  const stream = await fetch(`${s.url}/api/rooms/${roomId}/events/stream`, { headers: { cookie } });
  expect(stream.status).toBe(200);
  expect(stream.headers.get('content-type')).toContain('text/event-stream');

  const p = await owner('POST', `/api/rooms/${roomId}/proposals`, {
    name: 'Hidden name',
    files: APP,
    idempotency_key: 'key-stream',
  });
  const approvedAt = Date.now();
  const app = (await owner('POST', `/api/rooms/${roomId}/proposals/${p.body.proposal.id}/approve`)).body.app;
  await owner('DELETE', `/api/rooms/${roomId}/apps/${app.id}`);
  const events = await collect(stream, (e) => e.some((x) => x.type === 'app.removed'));
  expect(Date.now() - approvedAt).toBeLessThan(1000);
  expect(events.map((e) => e.type)).toEqual(['app.added', 'app.removed']);
  expect(events[1]?.data).toEqual({ app_id: app.id });
  expect(JSON.stringify(events)).not.toContain('proposal');
});

// Each row opens a stream after one proposal and makes another: the first event streamed says where it resumed.
it.each([
  {
    resume: 'Last-Event-ID 0 replays the history',
    headers: { 'last-event-id': '0' },
    query: '',
    first: 'old',
  },
  { resume: '?after=0 replays the history', headers: {}, query: '?after=0', first: 'old' },
  { resume: 'no resume point starts at the next event', headers: {}, query: '', first: 'new' },
  {
    resume:
      "a resume point past the room's latest event (another history, a huge id) starts at the next event",
    headers: { 'last-event-id': String(Number.MAX_SAFE_INTEGER) },
    query: '',
    first: 'new',
  },
] as const)("$resume, with the owner's proposal events", async ({ headers, query, first }) => {
  const roomId = (await owner('POST', '/api/rooms', { name: 'Resume' })).body.room.id;
  const propose = async (name: string) =>
    (
      await owner('POST', `/api/rooms/${roomId}/proposals`, {
        name,
        files: APP,
        idempotency_key: `resume-key-${name}`,
      })
    ).body.proposal.id;
  const made = { old: await propose('Old'), new: '' };
  const stream = await fetch(`${s.url}/api/rooms/${roomId}/events/stream${query}`, {
    headers: { authorization: `Bearer ${s.ownerToken}`, ...(headers as Record<string, string>) },
  });
  expect(stream.status).toBe(200);
  made.new = await propose('New');
  const events = await collect(stream, (e) => e.length >= 1);
  expect(events[0]).toMatchObject({ type: 'proposal.created', data: { proposal_id: made[first] } });
});

it('answers local rooms and unknown rooms as not available, in JSON', async () => {
  const local = await owner('GET', '/api/rooms/local-abc/events/stream');
  expect(local.status).toBe(404);
  expect(local.body.code).toBe('local_room_unavailable');
  expect((await owner('GET', '/api/rooms/local-abc')).body.message).toContain('Local Rooms are unavailable');
  expect((await owner('GET', '/api/rooms/rnope/events')).body.code).toBe('not_found');
});

/** Whether the stream's body ends (the server closed it) within `ms`; cancels it otherwise. */
async function endsWithin(res: Response, ms: number): Promise<boolean> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let timedOut = false;
  const timeout = setTimeout(() => {
    timedOut = true;
    void reader.cancel();
  }, ms);
  try {
    for (;;) {
      const { done } = await reader.read();
      if (done) return !timedOut;
    }
  } catch {
    return false;
  } finally {
    clearTimeout(timeout);
  }
}

const openStream = (roomId: string, headers: Record<string, string>) =>
  fetch(`${s.url}/api/rooms/${roomId}/events/stream`, { headers });

async function signIn(token: string): Promise<string> {
  const res = await fetch(`${s.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: s.url },
    body: JSON.stringify({ token }),
  });
  return (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
}

it('a stream ends when its token, or the token its session came from, is revoked', async () => {
  const roomId = (await owner('POST', '/api/rooms', { name: 'Revoked' })).body.room.id;
  const bearer = (await owner('POST', '/api/tokens', { label: 'bearer' })).body.token;
  const sessionToken = (await owner('POST', '/api/tokens', { label: 'session' })).body.token;
  const cookie = await signIn(sessionToken.secret);
  const byBearer = await openStream(roomId, { authorization: `Bearer ${bearer.secret}` });
  const bySession = await openStream(roomId, { cookie });
  const byOwner = await openStream(roomId, { authorization: `Bearer ${s.ownerToken}` });
  expect([byBearer.status, bySession.status, byOwner.status]).toEqual([200, 200, 200]);

  await owner('DELETE', `/api/tokens/${bearer.id}`);
  await owner('DELETE', `/api/tokens/${sessionToken.id}`);
  expect(await endsWithin(byBearer, 1000)).toBe(true);
  expect(await endsWithin(bySession, 1000)).toBe(true);
  expect(await endsWithin(byOwner, 1000)).toBe(false);
  // And reconnecting is refused.
  expect((await openStream(roomId, { authorization: `Bearer ${bearer.secret}` })).status).toBe(401);
  expect((await openStream(roomId, { cookie })).status).toBe(401);
});

it('a stream ends when its session signs out or expires', async () => {
  const roomId = (await owner('POST', '/api/rooms', { name: 'Ended' })).body.room.id;
  const signedOut = await signIn(s.ownerToken);
  const expiring = await signIn(s.ownerToken);
  const first = await openStream(roomId, { cookie: signedOut });
  await fetch(`${s.url}/api/session`, { method: 'DELETE', headers: { cookie: signedOut, origin: s.url } });
  expect(await endsWithin(first, 1000)).toBe(true);

  const second = await openStream(roomId, { cookie: expiring });
  expect(second.status).toBe(200);
  s.advance(SESSION_MS + 1000);
  // Nothing announces an expiry: the stream's periodic re-check ends it.
  expect(await endsWithin(second, STREAM_RECHECK_MS + 2000)).toBe(true);
}, 15_000);

it(`holds at most ${STREAMS_PER_CREDENTIAL} open streams per token or session; the next gets 429`, async () => {
  const roomId = (await owner('POST', '/api/rooms', { name: 'Bounded' })).body.room.id;
  const auth = { authorization: `Bearer ${s.ownerToken}` };
  const open = await Promise.all(
    Array.from({ length: STREAMS_PER_CREDENTIAL }, () => openStream(roomId, auth)),
  );
  expect(open.map((r) => r.status)).toEqual(open.map(() => 200));
  const refused = await openStream(roomId, auth);
  expect(refused.status).toBe(429);
  const body = await refused.json();
  expect(body).toMatchObject({ code: 'rate_limited', detail: { limit: STREAMS_PER_CREDENTIAL } });
  expect(body.message).toContain(`at most ${STREAMS_PER_CREDENTIAL}`);
  // Another credential of the same person has its own budget.
  const cookie = await signIn(s.ownerToken);
  const other = await openStream(roomId, { cookie });
  expect(other.status).toBe(200);
  // Closing one frees its place.
  await open[0]?.body?.cancel();
  await expect
    .poll(async () => {
      const again = await openStream(roomId, auth);
      await again.body?.cancel();
      return again.status;
    })
    .toBe(200);
  for (const r of [...open.slice(1), other]) await r.body?.cancel();
});
