import { afterEach, expect, it } from 'vitest';
import { oauthFlow, REDIRECT } from '../../test-support/oauthFlow.ts';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { registerClient } from '../domain/oauthClients.ts';
import { PENDING_CLIENT_MS, PENDING_PER_ADDRESS } from './oauthLimits.ts';

// Registration budgets another page or visitor could spend: only JSON bodies (so a browser preflights),
// and registrations nobody consented to kept apart from the address budget and the client cap.

let s: TestServer;
afterEach(async () => s.close());

const META = JSON.stringify({ client_name: 'x', redirect_uris: [REDIRECT] });

it('a text/plain (or untyped) registration is refused; a browser client passes the CORS preflight', async () => {
  s = await startTestServer();
  for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', '']) {
    const res = await fetch(`${s.url}/oauth/register`, {
      method: 'POST',
      headers: type ? { 'content-type': type } : {},
      body: type ? META : new Blob([META]),
    });
    expect(res.status, type).toBe(415);
    expect((await res.json()).error).toBe('invalid_client_metadata');
  }
  expect(await s.deps.oauth.countPendingClients()).toBe(0);
  // What a browser MCP client (the Inspector's web UI) sends first, then its JSON registration.
  const preflight = await fetch(`${s.url}/oauth/register`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://inspector.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
  expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
  const json = await fetch(`${s.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', origin: 'https://inspector.example' },
    body: META,
  });
  expect(json.status).toBe(201);
  expect(json.headers.get('access-control-allow-origin')).toBe('*');
});

it('25 registrations nobody consented to leave the address budget and the client cap untouched', async () => {
  s = await startTestServer({
    env: { ROOM_OAUTH_REGISTRATIONS_PER_HOUR: '20', ROOM_OAUTH_MAX_CLIENTS: '1' },
  });
  const flow = oauthFlow(s);
  for (let i = 0; i < 25; i++) expect((await flow.register()).status).toBe(201);
  const next = await flow.register();
  expect(next.status).toBe(201);
  // The cap still has room: this one is consented and kept.
  const cookie = await flow.signIn();
  const c = await flow.consent({ cookie, clientId: next.body.client_id });
  expect((await flow.exchange(c)).status).toBe(200);
  const full = await flow.register();
  expect([full.status, full.body.error]).toEqual([429, 'temporarily_unavailable']);
});

it('a registration nobody consented to expires within an hour; the consented one stays', async () => {
  s = await startTestServer();
  const flow = oauthFlow(s);
  const cookie = await flow.signIn();
  const idle = (await flow.register()).body.client_id;
  const used = await flow.consent({ cookie });
  s.advance(PENDING_CLIENT_MS + 1000);
  await flow.register();
  const { challenge } = flow.pkce();
  const params = { response_type: 'code', redirect_uri: REDIRECT, code_challenge: challenge };
  const gone = await flow.openAuthorize(
    { ...params, client_id: idle, code_challenge_method: 'S256' },
    { cookie },
  );
  expect([gone.status, gone.text.includes('not registered')]).toEqual([400, true]);
  const kept = await flow.openAuthorize(
    { ...params, client_id: used.clientId, code_challenge_method: 'S256' },
    { cookie },
  );
  expect(kept.status).toBe(200);
});

it('the pool is bounded: past the bound an address loses its own oldest registration, not anyone else’s', async () => {
  s = await startTestServer();
  const bounds = { perAddressPerHour: 20, maxClients: 1000, pendingPool: PENDING_PER_ADDRESS + 2 };
  let at = s.deps.now();
  const register = (address: string) =>
    registerClient({ oauth: s.deps.oauth, now: () => at++ }, JSON.parse(META), { address, bounds });
  const other = (await register('198.51.100.9')).client_id as string;
  const first = (await register('203.0.113.1')).client_id as string;
  for (let i = 1; i < PENDING_PER_ADDRESS; i++) await register('203.0.113.1');
  await register('203.0.113.1');
  expect(await s.deps.oauth.getClient(first)).toBeUndefined();
  expect(await s.deps.oauth.getClient(other)).toBeDefined();
  expect(await s.deps.oauth.countPendingClients()).toBe(PENDING_PER_ADDRESS + 1);
  // The whole pool full: the oldest anywhere goes.
  await register('203.0.113.2');
  await register('203.0.113.3');
  expect(await s.deps.oauth.getClient(other)).toBeUndefined();
  expect(await s.deps.oauth.countPendingClients()).toBe(PENDING_PER_ADDRESS + 2);
});
