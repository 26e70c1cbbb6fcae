import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { type Api, apiClient } from '../../test-support/testClient.ts';

const APP = { 'src/App.tsx': 'export default () => null;\n' };
let s: TestServer;
let owner: Api;
let roomId: string;

beforeEach(async () => {
  s = await startTestServer();
  owner = apiClient(s.url, { token: s.ownerToken });
  roomId = (await owner('POST', '/api/rooms', { name: 'Idem' })).body.room.id;
});
afterEach(async () => s.close());

const propose = (key: string, name = 'Same') =>
  owner('POST', `/api/rooms/${roomId}/proposals`, { name, files: APP, idempotency_key: key });

it('replays the same proposal after approve and after decline', async () => {
  const first = await propose('key-approve');
  await owner('POST', `/api/rooms/${roomId}/proposals/${first.body.proposal.id}/approve`);
  const replay = await propose('key-approve');
  expect(replay.status).toBe(200);
  expect(replay.body.proposal).toMatchObject({
    id: first.body.proposal.id,
    state: 'approved',
    replayed: true,
  });

  const other = await propose('key-decline');
  await owner('POST', `/api/rooms/${roomId}/proposals/${other.body.proposal.id}/decline`, {});
  const again = await propose('key-decline');
  expect(again.body.proposal).toMatchObject({
    id: other.body.proposal.id,
    state: 'declined',
    replayed: true,
  });
});

it('refuses the same key with other arguments', async () => {
  await propose('key-mismatch', 'One');
  const res = await propose('key-mismatch', 'Two');
  expect(res.status).toBe(409);
  expect(res.body.code).toBe('idempotency_key_mismatch');
});

it('makes one proposal from 20 concurrent identical calls', async () => {
  const results = await Promise.all(Array.from({ length: 20 }, () => propose('key-concurrent')));
  const ids = new Set(results.map((r) => r.body.proposal.id));
  expect(ids.size).toBe(1);
  expect(results.filter((r) => r.status === 201)).toHaveLength(1);
  const pending = await owner('GET', `/api/rooms/${roomId}/proposals`);
  expect(pending.body.proposals).toHaveLength(1);
});

it('scopes keys per person: the same key from another person is a new proposal', async () => {
  const a = await propose('key-shared');
  const token = (await owner('POST', '/api/tokens', { label: 'agent' })).body.token.secret;
  const viaToken = apiClient(s.url, { token });
  // Same person through another token: still the same proposal.
  const b = await viaToken('POST', `/api/rooms/${roomId}/proposals`, {
    name: 'Same',
    files: APP,
    idempotency_key: 'key-shared',
  });
  expect(b.body.proposal.id).toBe(a.body.proposal.id);
});
