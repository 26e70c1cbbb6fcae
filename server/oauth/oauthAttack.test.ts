import { afterEach, beforeEach, expect, it } from 'vitest';
import { defined } from '../../test-support/defined.ts';
import { oauthFlow } from '../../test-support/oauthFlow.ts';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { apiClient } from '../../test-support/testClient.ts';
import { ensureOwner } from '../domain/auth.ts';
import { CODE_MS } from './oauthLimits.ts';

// Attack probes against the authorization server: each asserts the safe behaviour.

let s: TestServer;
let flow: ReturnType<typeof oauthFlow>;

beforeEach(async () => {
  s = await startTestServer();
  flow = oauthFlow(s);
});
afterEach(async () => s.close());

it('open redirect: an unauthenticated link to /oauth/authorize never bounces to a freshly registered https URI', async () => {
  // Anyone may register (RFC 7591, no auth): the phishing page is "registered".
  const evil = await flow.register({ client_name: 'x', redirect_uris: ['https://attacker.example/phish'] });
  expect(evil.status).toBe(201);
  // A link on this server's origin, opened by someone not signed in, nobody clicks anything.
  for (const over of [{ response_type: 'token' }, { code_challenge_method: 'plain' }] as Record<
    string,
    string
  >[]) {
    const res = await flow.openAuthorize(
      {
        response_type: 'code',
        client_id: evil.body.client_id,
        redirect_uri: 'https://attacker.example/phish',
        state: 'anything-the-attacker-wants',
        ...over,
      },
      { 'sec-fetch-site': 'cross-site' },
    );
    // RFC 9700 §4.11.2: the AS must not redirect automatically to an untrusted client's URI.
    expect(res.headers.get('location'), JSON.stringify(over)).toBeNull();
  }
});

it('consent CSP: a percent-encoded host (wildcard, ; or ,) is refused at registration', async () => {
  for (const uri of [
    'https://%2A/cb',
    'https://%2A.example/cb',
    'https://a%3Bb.example/cb',
    'https://a%2Cb.example/cb',
  ]) {
    const res = await flow.register({ client_name: 'x', redirect_uris: [uri] });
    expect([res.status, res.body.error], uri).toEqual([400, 'invalid_redirect_uri']);
  }
});

it('revoking a read-only personal token ends the OAuth grant consented in the session it made', async () => {
  const owner = apiClient(s.url, { token: s.ownerToken });
  const made = (await owner('POST', '/api/tokens', { label: 'leaked', scopes: ['osfoundry:read'] })).body
    .token;
  // A read-only token cannot mint a token of its own (that needs write)...
  const mint = await apiClient(s.url, { token: made.secret })('POST', '/api/tokens', { label: 'x' });
  expect(mint.status).toBe(403);
  // ...but it can sign in and consent an app of its holder's choosing.
  const cookie = await flow.signIn(made.secret);
  const c = await flow.consent({ cookie, tick: ['osfoundry:read'] });
  const t = (await flow.exchange(c)).body;
  expect(await flow.callTool(t.access_token)).toBe(200);
  // The person notices the leak and revokes the token: its session ends...
  expect((await owner('DELETE', `/api/tokens/${made.id}`)).status).toBe(200);
  expect((await fetch(`${s.url}/api/rooms`, { headers: { cookie } })).status).toBe(401);
  // ...and so must what that session consented to (30-day refresh, renewed at each use, otherwise).
  expect(await flow.callTool(t.access_token)).toBe(401);
  expect((await flow.refresh(c.clientId, t.refresh_token)).body.error).toBe('invalid_grant');
});

it('changing ROOM_OWNER_TOKEN ends the OAuth grants consented in owner sessions', async () => {
  const c = await flow.consent({ cookie: await flow.signIn() });
  const t = (await flow.exchange(c)).body;
  expect(await flow.callTool(t.access_token)).toBe(200);
  const rotated = { dataDir: s.deps.config.dataDir, configuredToken: 'a-new-owner-token-0123456789' };
  await ensureOwner(s.deps.store, { ...rotated, now: s.deps.now() });
  expect(await flow.callTool(t.access_token)).toBe(401);
  // The old token coming back (the variable unset again) brings back no grant.
  await ensureOwner(s.deps.store, { ...rotated, configuredToken: s.ownerToken, now: s.deps.now() });
  expect(await flow.callTool(t.access_token)).toBe(401);
  expect((await flow.refresh(c.clientId, t.refresh_token)).body.error).toBe('invalid_grant');
});

it('a read-only token cannot disconnect apps (a write, like revoking a token)', async () => {
  const owner = apiClient(s.url, { token: s.ownerToken });
  const ro = (await owner('POST', '/api/tokens', { label: 'ro', scopes: ['osfoundry:read'] })).body.token;
  const cookie = await flow.signIn();
  const c = await flow.consent({ cookie });
  expect((await flow.exchange(c)).status).toBe(200);
  const grants = (await owner('GET', '/api/oauth/grants')).body.grants;
  expect(grants.length).toBe(1);
  // DELETE /api/tokens/:id needs osfoundry:write; Disconnect is the same kind of act.
  const del = await apiClient(s.url, { token: ro.secret })(
    'DELETE',
    `/api/oauth/grants/${defined(grants[0]).id}`,
  );
  expect(del.status).toBe(403);
});

it('a code replayed after it expired still revokes what its first use issued', async () => {
  const cookie = await flow.signIn();
  const c = await flow.consent({ cookie });
  const first = await flow.exchange(c);
  expect(first.status).toBe(200);
  s.advance(CODE_MS + 1);
  // Any token request prunes expired rows; then the replay.
  await flow.post('/oauth/token', { grant_type: 'refresh_token', client_id: c.clientId, refresh_token: 'x' });
  const again = await flow.exchange(c);
  expect(again.body.error).toBe('invalid_grant');
  expect(await flow.callTool(first.body.access_token)).toBe(401);
});

it('one consent form answered twice at once issues one code', async () => {
  const cookie = await flow.signIn();
  const clientId = (await flow.register()).body.client_id;
  const page = await flow.openAuthorize(
    {
      response_type: 'code',
      client_id: clientId,
      redirect_uri: 'http://127.0.0.1:43210/callback',
      code_challenge: flow.pkce().challenge,
      code_challenge_method: 'S256',
    },
    { cookie },
  );
  const request = flow.requestSecretIn(page.text);
  const allow = () =>
    flow.post(
      '/oauth/authorize',
      { request, decision: 'allow', scope: 'osfoundry:read' },
      { cookie, origin: s.url },
    );
  const answers = await Promise.all([allow(), allow(), allow()]);
  const targets = await Promise.all(answers.map((a) => flow.moveOn(a, cookie)));
  const codes = targets.map((to) => to?.searchParams.get('code')).filter(Boolean);
  expect(codes.length).toBe(1);
});

it('token confusion: a refresh token or a code is no bearer, and an access token signs nobody in', async () => {
  const cookie = await flow.signIn();
  const c = await flow.consent({ cookie });
  expect(await flow.callTool(c.code)).toBe(401);
  const t = (await flow.exchange(c)).body;
  expect(await flow.callTool(t.refresh_token)).toBe(401);
  expect(await flow.callTool(t.access_token)).toBe(200);
  expect(await flow.signIn(t.access_token)).toBe('');
  const link = await fetch(`${s.url}/?token=${t.access_token}`, { redirect: 'manual' });
  expect(link.headers.get('set-cookie')).toBeNull();
  // An access token is not a refresh token either.
  expect((await flow.refresh(c.clientId, t.access_token)).body.error).toBe('invalid_grant');
});
