import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { type Api, apiClient } from '../../test-support/testClient.ts';
import { MAX_LIVE_TOKENS } from '../domain/tokens.ts';
import { STREAMS_PER_CREDENTIAL, STREAMS_PER_PERSON } from './eventStream.ts';

// Limits a member could multiply by minting tokens: each is counted per person, whatever token is used.

const APP = { 'src/App.tsx': 'export default () => null;\n' };
let s: TestServer;
let owner: Api;
let roomId: string;

beforeEach(async () => {
  s = await startTestServer({ proposalsPerMinute: 5 });
  owner = apiClient(s.url, { token: s.ownerToken });
  roomId = (await owner('POST', '/api/rooms', { name: 'Limits' })).body.room.id;
});
afterEach(async () => s.close());

const mint = async (label: string) => {
  const made = await owner('POST', '/api/tokens', { label });
  expect(made.status).toBe(201);
  return made.body.token as { id: string; secret: string };
};

it('the proposal limit holds across the tokens a person mints', async () => {
  const tokens = [s.ownerToken, (await mint('a')).secret, (await mint('b')).secret];
  const codes: number[] = [];
  for (let i = 0; i < 9; i++) {
    const api = apiClient(s.url, { token: tokens[i % 3] });
    const res = await api('POST', `/api/rooms/${roomId}/proposals`, {
      name: `n${i}`,
      files: APP,
      idempotency_key: `key-person-${i}`,
    });
    codes.push(res.status);
  }
  expect(codes).toEqual([201, 201, 201, 201, 201, 429, 429, 429, 429]);
});

it(`open event streams: at most ${STREAMS_PER_PERSON} per person, whatever tokens they use`, async () => {
  const tokens = [s.ownerToken];
  while (tokens.length * STREAMS_PER_CREDENTIAL <= STREAMS_PER_PERSON) tokens.push((await mint('s')).secret);
  const opened: Response[] = [];
  for (const token of tokens)
    for (let i = 0; i < STREAMS_PER_CREDENTIAL; i++)
      opened.push(
        await fetch(`${s.url}/api/rooms/${roomId}/events/stream`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
  const statuses = opened.map((r) => r.status);
  expect(statuses.filter((c) => c === 200)).toHaveLength(STREAMS_PER_PERSON);
  const refused = opened.find((r) => r.status === 429) as Response;
  expect((await refused.json()).message).toContain(`at most ${STREAMS_PER_PERSON}`);
  for (const r of opened) if (r !== refused) await r.body?.cancel();
});

it(`a person holds at most ${MAX_LIVE_TOKENS} live personal tokens; revoking one frees a place`, async () => {
  const made: { id: string }[] = [];
  for (let i = 0; i < MAX_LIVE_TOKENS; i++) made.push(await mint(`t${i}`));
  const over = await owner('POST', '/api/tokens', { label: 'one too many' });
  expect(over.status).toBe(409);
  expect(over.body.code).toBe('quota_exceeded');
  expect(over.body.message).toContain(`at most ${MAX_LIVE_TOKENS}`);
  expect(over.body.message).toMatch(/revoke/i);
  expect((await owner('DELETE', `/api/tokens/${made[0]?.id}`)).status).toBe(200);
  expect((await owner('POST', '/api/tokens', { label: 'now fits' })).status).toBe(201);
});
