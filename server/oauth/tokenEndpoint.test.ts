import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { defined } from '../../test-support/defined.ts';
import { oauthFlow } from '../../test-support/oauthFlow.ts';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { apiClient } from '../../test-support/testClient.ts';
import type { SqlStore } from '../store/SqlStore.ts';
import { ACCESS_TOKEN_MS, CODE_MS, REFRESH_TOKEN_MS } from './oauthLimits.ts';

let s: TestServer;
let flow: ReturnType<typeof oauthFlow>;
let cookie: string;

beforeEach(async () => {
  s = await startTestServer();
  flow = oauthFlow(s);
  cookie = await flow.signIn();
});
afterEach(async () => s.close());

it('a consented code becomes a resource-bound access token with the granted scopes, and a refresh token', async () => {
  const c = await flow.consent({ cookie, tick: ['osfoundry:read'] });
  expect(c.answer.status).toBe(303);
  expect(c.location.origin + c.location.pathname).toBe('http://127.0.0.1:43210/callback');
  expect(c.location.searchParams.get('state')).toBe('st4te');
  expect(c.location.searchParams.get('iss')).toBe(s.url);
  const t = await flow.exchange(c);
  expect(t.status, t.text).toBe(200);
  expect(t.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'osfoundry:read' });
  expect(t.headers.get('cache-control')).toBe('no-store');
  expect(await flow.callTool(t.body.access_token)).toBe(200);
  // Read only: a proposal is refused with the scope it needs.
  expect(await flow.callTool(t.body.access_token, 'propose_room_snippet_app', {})).toBe(403);
  // Bound to the MCP endpoint (RFC 8707): the shell's API does not take it.
  const api = await fetch(`${s.url}/api/rooms`, {
    headers: { authorization: `Bearer ${t.body.access_token}` },
  });
  expect(api.status).toBe(401);
  // Stored hashed: no secret is in the database.
  const { db } = s.deps.store as SqlStore;
  const dump = JSON.stringify((await sql`SELECT * FROM oauth_secrets`.execute(db)).rows);
  for (const secret of [t.body.access_token, t.body.refresh_token, c.code])
    expect(dump).not.toContain(secret);
});

it('bad token requests get the standard error and nothing is issued', async () => {
  const c = await flow.consent({ cookie });
  const other = (await flow.register()).body.client_id;
  const cases: [Record<string, string>, number, string][] = [
    [{ client_id: 'c-unknown' }, 401, 'invalid_client'],
    [{ client_id: other }, 400, 'invalid_grant'],
    [{ redirect_uri: 'http://127.0.0.1:43210/other' }, 400, 'invalid_grant'],
    [{ code_verifier: '' }, 400, 'invalid_request'],
    [{ code_verifier: 'x'.repeat(43) }, 400, 'invalid_grant'],
    [{ resource: 'https://elsewhere.example/mcp' }, 400, 'invalid_target'],
    [{ code: 'not-a-code' }, 400, 'invalid_grant'],
    [{ grant_type: 'password' }, 400, 'unsupported_grant_type'],
    [{ grant_type: 'client_credentials' }, 400, 'unsupported_grant_type'],
  ];
  for (const [over, status, error] of cases) {
    const res = await flow.exchange(c, over);
    expect([res.status, res.body?.error], JSON.stringify(over)).toEqual([status, error]);
    expect(res.body.access_token).toBeUndefined();
  }
  const notForm = await fetch(`${s.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(notForm.status).toBe(400);
  expect((await notForm.json()).error).toBe('invalid_request');
  // None of the refused attempts used the code up.
  expect((await flow.exchange(c)).status).toBe(200);
});

it('a reused code is refused and revokes what it issued', async () => {
  const c = await flow.consent({ cookie });
  const first = await flow.exchange(c);
  expect(first.status).toBe(200);
  const again = await flow.exchange(c);
  expect([again.status, again.body.error]).toEqual([400, 'invalid_grant']);
  expect(await flow.callTool(first.body.access_token)).toBe(401);
  expect((await flow.refresh(c.clientId, first.body.refresh_token)).body.error).toBe('invalid_grant');
});

it('codes, access tokens and refresh tokens expire (injected clock)', async () => {
  const late = await flow.consent({ cookie });
  s.advance(CODE_MS + 1);
  expect((await flow.exchange(late)).body.error).toBe('invalid_grant');

  const c = await flow.consent({ cookie });
  const t = (await flow.exchange(c)).body;
  s.advance(ACCESS_TOKEN_MS - 1000);
  expect(await flow.callTool(t.access_token)).toBe(200);
  s.advance(1000);
  expect(await flow.callTool(t.access_token)).toBe(401);
  const fresh = await flow.refresh(c.clientId, t.refresh_token);
  expect(fresh.status).toBe(200);
  s.advance(REFRESH_TOKEN_MS);
  expect((await flow.refresh(c.clientId, fresh.body.refresh_token)).body.error).toBe('invalid_grant');
});

it('refresh rotates; a refresh token used twice revokes its whole family', async () => {
  const c = await flow.consent({ cookie });
  const t = (await flow.exchange(c)).body;
  const r1 = await flow.refresh(c.clientId, t.refresh_token);
  expect(r1.status).toBe(200);
  expect(r1.body.refresh_token).not.toBe(t.refresh_token);
  expect(await flow.callTool(r1.body.access_token)).toBe(200);
  expect((await flow.refresh('c-unknown', r1.body.refresh_token)).body.error).toBe('invalid_client');
  const replay = await flow.refresh(c.clientId, t.refresh_token);
  expect([replay.status, replay.body.error]).toEqual([400, 'invalid_grant']);
  expect(await flow.callTool(r1.body.access_token)).toBe(401);
  expect((await flow.refresh(c.clientId, r1.body.refresh_token)).body.error).toBe('invalid_grant');
});

it('revocation (RFC 7009) ends the grant; Disconnect in Connected does too', async () => {
  const c = await flow.consent({ cookie });
  const t = (await flow.exchange(c)).body;
  expect((await flow.post('/oauth/revoke', { token: 'unknown', client_id: c.clientId })).status).toBe(200);
  expect((await flow.post('/oauth/revoke', { client_id: c.clientId })).body.error).toBe('invalid_request');
  expect((await flow.post('/oauth/revoke', { token: t.refresh_token, client_id: c.clientId })).status).toBe(
    200,
  );
  expect(await flow.callTool(t.access_token)).toBe(401);

  const d = await flow.consent({ cookie, tick: ['osfoundry:read'] });
  const u = (await flow.exchange(d)).body;
  expect(await flow.callTool(u.access_token)).toBe(200);
  const list = await fetch(`${s.url}/api/oauth/grants`, { headers: { cookie } });
  const { grants } = await list.json();
  expect(grants).toEqual([
    expect.objectContaining({
      client_name: 'Test agent',
      scopes: ['osfoundry:read'],
      last_used_at: expect.any(String),
    }),
  ]);
  const del = await fetch(`${s.url}/api/oauth/grants/${grants[0].id}`, {
    method: 'DELETE',
    headers: { cookie, origin: s.url },
  });
  expect(del.status).toBe(200);
  expect(await flow.callTool(u.access_token)).toBe(401);
  expect((await flow.refresh(d.clientId, u.refresh_token)).body.error).toBe('invalid_grant');
});

it('a proposal made through an OAuth app names the app on the review views', async () => {
  const owner = apiClient(s.url, { token: s.ownerToken });
  const roomId = (await owner('POST', '/api/rooms', { name: 'Via room' })).body.room.id;
  const c = await flow.consent({ cookie });
  const t = (await flow.exchange(c)).body;
  const files = { 'src/App.tsx': 'export default function App() {\n  return <p>Hi</p>;\n}\n' };
  const args = { room_id: roomId, name: 'Via app', files, idempotency_key: 'via-app-0001' };
  expect(await flow.callTool(t.access_token, 'propose_room_snippet_app', args)).toBe(200);
  const byToken = { ...args, name: 'By token', idempotency_key: 'by-token-0001' };
  expect(await flow.callTool(s.ownerToken, 'propose_room_snippet_app', byToken)).toBe(200);
  const listed = await owner('GET', `/api/rooms/${roomId}/proposals`);
  const { proposals } = listed.body;
  expect(proposals.length, JSON.stringify(listed.body)).toBe(2);
  const byName = Object.fromEntries(proposals.map((p) => [p.name, p]));
  expect(byName['Via app']?.via_client).toBe('Test agent');
  expect(byName['By token']?.via_client).toBeUndefined();
  const one = (await owner('GET', `/api/rooms/${roomId}/proposals/${defined(byName['Via app']).id}`)).body
    .proposal;
  expect(one.via_client).toBe('Test agent');
});
