import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './startTestServer.ts';
import { type Api, apiClient, joinAsMember } from './testClient.ts';

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

it('resumes from Last-Event-ID and gives the owner proposal events', async () => {
  const roomId = (await owner('POST', '/api/rooms', { name: 'Resume' })).body.room.id;
  await owner('POST', `/api/rooms/${roomId}/proposals`, {
    name: 'One',
    files: APP,
    idempotency_key: 'key-one-1',
  });
  const page = await owner('GET', `/api/rooms/${roomId}/events?after=0`);
  expect(page.body.events.map((e: { type: string }) => e.type)).toEqual(['proposal.created']);
  const stream = await fetch(`${s.url}/api/rooms/${roomId}/events/stream`, {
    headers: { authorization: `Bearer ${s.ownerToken}`, 'last-event-id': '0' },
  });
  const events = await collect(stream, (e) => e.length >= 1);
  expect(events[0]).toMatchObject({ seq: page.body.events[0].seq, type: 'proposal.created' });
});

it('answers local rooms and unknown rooms as not available, in JSON', async () => {
  const local = await owner('GET', '/api/rooms/local-abc/events/stream');
  expect(local.status).toBe(404);
  expect(local.body.code).toBe('local_room_unavailable');
  expect((await owner('GET', '/api/rooms/local-abc')).body.message).toContain('Local Rooms are unavailable');
  expect((await owner('GET', '/api/rooms/rnope/events')).body.code).toBe('not_found');
});
