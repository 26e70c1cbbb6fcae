import { afterEach, beforeEach, expect, it } from 'vitest';
import { SESSION_MS } from '../domain/auth.ts';
import { startTestServer, type TestServer } from './startTestServer.ts';
import { type Api, apiClient, joinAsMember } from './testClient.ts';

const APP = { 'src/App.tsx': 'export default () => null;\n' };
let s: TestServer;
let owner: Api;
let roomId: string;

beforeEach(async () => {
  s = await startTestServer({ proposalsPerMinute: 5 });
  owner = apiClient(s.url, { token: s.ownerToken });
  roomId = (await owner('POST', '/api/rooms', { name: 'Auth' })).body.room.id;
});
afterEach(async () => s.close());

it('keeps tokens hashed, scoped, labelled, last-used and revocable', async () => {
  const made = await owner('POST', '/api/tokens', { label: 'reader', scopes: ['osfoundry:read'] });
  expect(made.status).toBe(201);
  const secret = made.body.token.secret;
  const reader = apiClient(s.url, { token: secret });
  expect((await reader('GET', '/api/rooms')).status).toBe(200);
  const propose = await reader('POST', `/api/rooms/${roomId}/proposals`, {
    name: 'n',
    files: APP,
    idempotency_key: 'key-reader',
  });
  expect(propose.status).toBe(403);
  expect(propose.body).toMatchObject({ code: 'insufficient_scope', detail: { scope: 'osfoundry:write' } });
  // A token never mints more scope than it has (and minting is a write).
  expect((await reader('POST', '/api/tokens', { label: 'x', scopes: ['osfoundry:write'] })).status).toBe(403);

  const listed = (await owner('GET', '/api/tokens')).body.tokens;
  expect(listed).toHaveLength(1);
  expect(listed[0]).toMatchObject({ label: 'reader', scopes: ['osfoundry:read'], revoked_at: null });
  expect(listed[0].last_used_at).not.toBeNull();
  expect(JSON.stringify(listed)).not.toContain(secret);

  expect((await owner('DELETE', `/api/tokens/${listed[0].id}`)).status).toBe(200);
  const after = await reader('GET', '/api/rooms');
  expect(after.status).toBe(401);
  expect(after.body.code).toBe('invalid_token');
});

it('expires sessions', async () => {
  const { member } = await joinAsMember(s, owner, roomId);
  expect((await member('GET', `/api/rooms/${roomId}`)).status).toBe(200);
  s.advance(SESSION_MS + 1000);
  const res = await member('GET', `/api/rooms/${roomId}`);
  expect(res.status).toBe(401);
  expect(res.body.code).toBe('unauthorized');
});

it('limits proposals per token with a clear error', async () => {
  const codes: number[] = [];
  for (let i = 0; i < 7; i++) {
    const res = await owner('POST', `/api/rooms/${roomId}/proposals`, {
      name: `n${i}`,
      files: APP,
      idempotency_key: `key-rate-${i}`,
    });
    codes.push(res.status);
    if (res.status === 429) expect(res.body.message).toContain('Too many proposals');
  }
  expect(codes).toEqual([201, 201, 201, 201, 201, 429, 429]);
  s.advance(61_000);
  expect(
    (
      await owner('POST', `/api/rooms/${roomId}/proposals`, {
        name: 'later',
        files: APP,
        idempotency_key: 'key-rate-x',
      })
    ).status,
  ).toBe(201);
});

it('answers bad requests with JSON errors and logs one line per request without secrets', async () => {
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(s.url + path, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${s.ownerToken}`, ...headers },
    });
  const bad = await post(`/api/rooms/${roomId}/proposals`, '{"name":');
  expect(bad.status).toBe(400);
  expect(await bad.json()).toMatchObject({ code: 'invalid_json' });
  const big = await post('/api/rooms', JSON.stringify({ name: 'x'.repeat(20_000) }));
  expect(big.status).toBe(413);
  expect(await big.json()).toMatchObject({ code: 'payload_too_large' });
  const unknown = await fetch(`${s.url}/api/nothing-here`);
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toMatchObject({ code: 'not_found' });
  const wrong = await fetch(`${s.url}/api/rooms/${roomId}/proposals`, { method: 'PUT' });
  expect(wrong.status).toBe(405);
  expect(wrong.headers.get('allow')).toContain('POST');
  expect(await wrong.json()).toMatchObject({ code: 'method_not_allowed' });
  const rule = await owner('POST', `/api/rooms/${roomId}/proposals`, {
    name: 'n',
    files: { 'src/App.tsx': 'x', '../up.ts': 'x' },
    idempotency_key: 'key-unsafe',
  });
  expect(rule.body.code).toBe('unsafe_path');

  const log = JSON.stringify(s.logs);
  expect(log).not.toContain(s.ownerToken);
  expect(log).not.toContain('src/App.tsx');
  expect(s.logs.length).toBeGreaterThanOrEqual(6);
});
