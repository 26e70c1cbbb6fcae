import { expect, it } from 'vitest';
import { roomFixture } from '../../test-support/roomFixture.ts';
import { apiClient } from '../../test-support/testClient.ts';

const APP = { 'src/App.tsx': 'export default () => null;\n' };
const f = roomFixture('Idem');

const propose = (key: string, name = 'Same') =>
  f.owner('POST', `/api/rooms/${f.roomId}/proposals`, { name, files: APP, idempotency_key: key });

it('replays the same proposal after approve and after decline', async () => {
  const first = await propose('key-approve');
  await f.owner('POST', `/api/rooms/${f.roomId}/proposals/${first.body.proposal.id}/approve`);
  const replay = await propose('key-approve');
  expect(replay.status).toBe(200);
  expect(replay.body.proposal).toMatchObject({
    id: first.body.proposal.id,
    state: 'approved',
    replayed: true,
  });

  const other = await propose('key-decline');
  await f.owner('POST', `/api/rooms/${f.roomId}/proposals/${other.body.proposal.id}/decline`, {});
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
  const pending = await f.owner('GET', `/api/rooms/${f.roomId}/proposals`);
  expect(pending.body.proposals).toHaveLength(1);
});

it('scopes keys per person: the same key from another person is a new proposal', async () => {
  const a = await propose('key-shared');
  const token = (await f.owner('POST', '/api/tokens', { label: 'agent' })).body.token.secret;
  const viaToken = apiClient(f.s.url, { token });
  // Same person through another token: still the same proposal.
  const b = await viaToken('POST', `/api/rooms/${f.roomId}/proposals`, {
    name: 'Same',
    files: APP,
    idempotency_key: 'key-shared',
  });
  expect(b.body.proposal.id).toBe(a.body.proposal.id);
});
