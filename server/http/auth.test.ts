import http from 'node:http';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { defined } from '../../test-support/defined.ts';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { type Api, apiClient, joinAsMember } from '../../test-support/testClient.ts';
import type { Scope } from '../../validation/scopes.ts';
import { SESSION_MS } from '../domain/auth.ts';

const APP = { 'src/App.tsx': 'export default () => null;\n' };

/** A POST whose body is sent in `chunks` writes of `size` bytes, with no Content-Length (chunked). */
function postChunked(url: string, token: string, chunks: number, size: number) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.write('{"name":"');
    for (let i = 0; i < chunks; i++) req.write('x'.repeat(size));
    req.end('"}');
  });
}
const ALL: Scope[] = ['osfoundry:read', 'osfoundry:write'];
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
  expect(listed[0]?.last_used_at).not.toBeNull();
  expect(JSON.stringify(listed)).not.toContain(secret);

  expect((await owner('DELETE', `/api/tokens/${defined(listed[0]).id}`)).status).toBe(200);
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
  // Streamed without a length: still a 413 the client can read, not a reset connection.
  const streamed = await postChunked(`${s.url}/api/rooms`, s.ownerToken, 400, 10_000);
  expect(streamed).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
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

/** Signs in with `POST /api/session` as the shell does (same origin); returns a cookie client. */
async function sessionFor(token: string) {
  const res = await fetch(`${s.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: s.url },
    body: JSON.stringify({ token }),
  });
  expect(res.status).toBe(200);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
  return apiClient(s.url, { cookie });
}

it('a session has the scopes of the token that made it, and mints nothing beyond them', async () => {
  const read = (await owner('POST', '/api/tokens', { label: 'reader', scopes: ['osfoundry:read'] })).body
    .token;
  for (const session of [
    await sessionFor(read.secret),
    // The sign-in link, followed as a person would (top-level, typed): the same scopes.
    apiClient(s.url, {
      cookie: (
        (
          await fetch(`${s.url}/?token=${read.secret}`, {
            headers: { 'sec-fetch-site': 'none', 'sec-fetch-dest': 'document' },
          })
        ).headers.get('set-cookie') ?? ''
      ).split(';')[0] as string,
    }),
  ]) {
    expect((await session('GET', '/api/me')).body.scopes).toEqual(['osfoundry:read']);
    expect((await session('GET', '/api/rooms')).status).toBe(200);
    const minted = await session('POST', '/api/tokens', { label: 'escalate', scopes: ALL });
    expect(minted.status).toBe(403);
    expect(minted.body.code).toBe('insufficient_scope');
    expect((await session('POST', '/api/tokens', { label: 'same' })).status).toBe(403);
    expect((await session('POST', '/api/rooms', { name: 'nope' })).status).toBe(403);
  }
  // A write-only token's session may write, but cannot mint a token that reads.
  const write = (await owner('POST', '/api/tokens', { label: 'writer', scopes: ['osfoundry:write'] })).body
    .token;
  const writer = await sessionFor(write.secret);
  expect((await writer('GET', '/api/rooms')).status).toBe(403);
  expect((await writer('POST', '/api/tokens', { label: 'r', scopes: ['osfoundry:read'] })).body.code).toBe(
    'insufficient_scope',
  );
  expect((await writer('POST', '/api/tokens', { label: 'w', scopes: ['osfoundry:write'] })).status).toBe(201);
  const listed = (await owner('GET', '/api/tokens')).body.tokens as { label: string; scopes: string[] }[];
  expect(listed.map((t) => t.label)).toEqual(['reader', 'writer', 'w']);
});

it('revoking a token ends the sessions made from it, and only those', async () => {
  const agent = (await owner('POST', '/api/tokens', { label: 'agent' })).body.token;
  const fromAgent = await sessionFor(agent.secret);
  const fromOwner = await sessionFor(s.ownerToken);
  expect((await fromAgent('GET', '/api/rooms')).status).toBe(200);
  expect((await owner('DELETE', `/api/tokens/${agent.id}`)).status).toBe(200);
  const after = await fromAgent('GET', '/api/rooms');
  expect(after.status).toBe(401);
  expect(after.body.code).toBe('unauthorized');
  expect((await fromOwner('GET', '/api/rooms')).status).toBe(200);
});
