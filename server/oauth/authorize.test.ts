import { afterEach, beforeEach, expect, it } from 'vitest';
import { oauthFlow, REDIRECT } from '../../test-support/oauthFlow.ts';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { apiClient } from '../../test-support/testClient.ts';

let s: TestServer;
let flow: ReturnType<typeof oauthFlow>;
let cookie: string;
let clientId: string;
let base: Record<string, string>;

beforeEach(async () => {
  s = await startTestServer();
  flow = oauthFlow(s);
  cookie = await flow.signIn();
  clientId = (await flow.register()).body.client_id;
  base = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: flow.pkce().challenge,
    code_challenge_method: 'S256',
    scope: 'osfoundry:read osfoundry:write',
    state: 'st4te',
    resource: flow.resource,
  };
});
afterEach(async () => s.close());

it('an unknown client or an unregistered redirect URI is shown here and never redirected', async () => {
  for (const over of [
    { client_id: 'c-unknown' },
    { client_id: '' },
    { redirect_uri: 'https://attacker.example/callback' },
    { redirect_uri: 'http://127.0.0.1:43210/callback/../evil' },
    { redirect_uri: 'http://127.0.0.1:43210/callbackx' },
    { redirect_uri: 'http://localhost:43210/callback' },
  ] as Record<string, string>[]) {
    const res = await flow.openAuthorize({ ...base, ...over }, { cookie });
    expect(res.status, JSON.stringify(over)).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.text).toContain('Cannot connect this app');
  }
});

it('a loopback redirect URI may use any port (RFC 8252)', async () => {
  const res = await flow.openAuthorize(
    { ...base, redirect_uri: 'http://127.0.0.1:5999/callback' },
    { cookie },
  );
  expect(res.status).toBe(200);
  const answer = await flow.post(
    '/oauth/authorize',
    { request: flow.requestSecretIn(res.text), decision: 'deny', scope: 'osfoundry:read' },
    { cookie, origin: s.url },
  );
  expect((await flow.moveOn(answer, cookie))?.host).toBe('127.0.0.1:5999');
});

it('other bad requests are shown with a link back to the client (never an automatic redirect)', async () => {
  const cases: [Record<string, string>, string][] = [
    [{ response_type: 'token' }, 'unsupported_response_type'],
    [{ code_challenge: '' }, 'invalid_request'],
    [{ code_challenge_method: 'plain' }, 'invalid_request'],
    [{ code_challenge_method: '' }, 'invalid_request'],
    [{ scope: 'osfoundry:admin' }, 'invalid_scope'],
    [{ scope: 'osfoundry:read openid' }, 'invalid_scope'],
    [{ resource: 'https://elsewhere.example/mcp' }, 'invalid_target'],
    [{ resource: `${s.url}/api/rooms` }, 'invalid_target'],
  ];
  for (const [over, error] of cases) {
    const res = await flow.openAuthorize({ ...base, ...over }, { cookie });
    expect(res.status, JSON.stringify(over)).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.text).toContain('Return to 127.0.0.1:43210');
    const to = flow.returnLinkIn(res.text) as URL;
    expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
    expect([to.searchParams.get('error'), to.searchParams.get('state')]).toEqual([error, 'st4te']);
    expect(to.searchParams.get('code')).toBeNull();
  }
});

it('without a session it asks to sign in and comes back to the same request', async () => {
  const res = await flow.openAuthorize(base, { 'sec-fetch-site': 'none' });
  expect(res.text).toContain('Sign in to Rooms first');
  const next = /name="next" value="([^"]+)"/.exec(res.text)?.[1]?.replaceAll('&amp;', '&') as string;
  expect(`${s.url}${next}`).toBe(flow.authorizeUrl(base));
  const signIn = await flow.post('/sign-in', { token: s.ownerToken, next }, { origin: s.url });
  expect(signIn.status).toBe(200);
  expect(signIn.text).toContain(`url=${next.replaceAll('&', '&amp;')}`);
  // Opened from another application: the Strict cookie is not sent, so one same-site step first.
  const cross = await flow.openAuthorize(base, { 'sec-fetch-site': 'cross-site' });
  expect(cross.text).toContain('http-equiv="refresh"');
  expect(cross.text).not.toContain('Sign in to Rooms first');
});

it('the consent page names the app as unverified, shows the redirect host, and cannot be framed', async () => {
  await flow.register({ client_name: 'Evil <b>App</b>\u202e', redirect_uris: ['https://app.example/cb'] });
  const res = await flow.openAuthorize(base, { cookie });
  expect(res.text).toContain('Test agent');
  expect(res.text).toContain('unverified');
  expect(res.text).toContain('127.0.0.1:43210');
  expect(res.text).toContain('Read your Rooms and their apps');
  expect(res.text).toContain('Propose apps for your review');
  expect(res.text).toMatch(/<button[^>]*value="allow">Allow<\/button>/);
  expect(res.text).toMatch(/<button[^>]*value="deny">Deny<\/button>/);
  const csp = res.headers.get('content-security-policy') as string;
  expect(csp).toContain("frame-ancestors 'none'");
  // The answer moves on from our own page: no client URI in the policy.
  expect(csp).toContain("form-action 'self';");
  expect(csp).not.toContain('43210');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  const evil = (await flow.register({ client_name: 'Evil <b>App</b>\u202e', redirect_uris: [REDIRECT] }))
    .body;
  expect(evil.client_name).toBe('Evil <b>App</b>');
  const page = await flow.openAuthorize({ ...base, client_id: evil.client_id }, { cookie });
  expect(page.text).toContain('Evil &lt;b&gt;App&lt;/b&gt;');
});

it('Deny sends the person back with access_denied and issues nothing', async () => {
  const page = await flow.openAuthorize(base, { cookie });
  const res = await flow.post(
    '/oauth/authorize',
    { request: flow.requestSecretIn(page.text), decision: 'deny', scope: 'osfoundry:read' },
    { cookie, origin: s.url },
  );
  const to = (await flow.moveOn(res, cookie)) as URL;
  expect([to.searchParams.get('error'), to.searchParams.get('code')]).toEqual(['access_denied', null]);
  // The next step is shown once, and only to the session that answered.
  const again = await fetch(`${s.url}${res.headers.get('location')}`, { headers: { cookie } });
  expect(again.status).toBe(400);
});

it('consent CSRF: Allow needs our Origin, this session, and this request’s token (once)', async () => {
  const page = await flow.openAuthorize(base, { cookie });
  const request = flow.requestSecretIn(page.text);
  const allow = (headers: Record<string, string>, secret = request) =>
    flow.post('/oauth/authorize', { request: secret, decision: 'allow', scope: 'osfoundry:read' }, headers);
  for (const headers of [
    { cookie },
    { cookie, origin: 'https://attacker.example' },
    { cookie, origin: 'null' },
    { cookie, origin: s.url, 'sec-fetch-site': 'cross-site' },
  ] as Record<string, string>[]) {
    const res = await allow(headers);
    expect(res.status, JSON.stringify(headers)).toBe(403);
    expect(res.headers.get('location')).toBeNull();
  }
  // No cookie (a cross-site POST carries no Strict cookie), another session, a forged token.
  const other = await flow.signIn();
  for (const [headers, secret] of [
    [{ origin: s.url }, request],
    [{ cookie: other, origin: s.url }, request],
    [{ cookie, origin: s.url }, 'forged'],
  ] as [Record<string, string>, string][]) {
    const res = await allow(headers, secret);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  }
  const ok = await allow({ cookie, origin: s.url });
  expect(ok.status).toBe(303);
  const other2 = await fetch(`${s.url}${ok.headers.get('location')}`, { headers: { cookie: other } });
  expect([other2.status, await other2.text()]).toEqual([400, expect.not.stringContaining('code=')]);
  expect((await flow.moveOn(ok, cookie))?.searchParams.get('code')).toBeTruthy();
  expect((await allow({ cookie, origin: s.url })).status).toBe(400);
});

it('scope escalation: a grant never holds more than the consenting session, or than was asked', async () => {
  const owner = apiClient(s.url, { token: s.ownerToken });
  const readOnly = (await owner('POST', '/api/tokens', { label: 'ro', scopes: ['osfoundry:read'] })).body
    .token.secret;
  const roCookie = await flow.signIn(readOnly);
  // The page offers only what the session holds; a forged write tick is ignored.
  const c = await flow.consent({ cookie: roCookie, tick: ['osfoundry:read', 'osfoundry:write'] });
  expect(c.answer.status).toBe(303);
  expect((await flow.exchange(c)).body.scope).toBe('osfoundry:read');
  // Asked for read only: a write tick added to the form is not granted.
  const d = await flow.consent({
    cookie,
    scope: 'osfoundry:read',
    tick: ['osfoundry:read', 'osfoundry:write'],
  });
  const t = (await flow.exchange(d)).body;
  expect(t.scope).toBe('osfoundry:read');
  // A refresh cannot widen it.
  const wider = await flow.post('/oauth/token', {
    grant_type: 'refresh_token',
    client_id: d.clientId,
    refresh_token: t.refresh_token,
    scope: 'osfoundry:read osfoundry:write',
  });
  expect(wider.body.error).toBe('invalid_scope');
  // Write only, from a read-only session: nothing to grant.
  const page = await flow.openAuthorize({ ...base, scope: 'osfoundry:write' }, { cookie: roCookie });
  expect(flow.returnLinkIn(page.text)?.searchParams.get('error')).toBe('invalid_scope');
});

it('registration: public loopback or https clients only, bounded fields, per-address rate and total count', async () => {
  const bad: [unknown, string][] = [
    [{ redirect_uris: [] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['http://attacker.example/cb'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['https://app.example/cb#frag'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ["https://app.example/cb;'unsafe-inline'"] }, 'invalid_redirect_uri'],
    [{ redirect_uris: [`https://app.example/${'a'.repeat(600)}`] }, 'invalid_redirect_uri'],
    [{ redirect_uris: Array(6).fill(REDIRECT) }, 'invalid_redirect_uri'],
    [{ redirect_uris: [REDIRECT], client_name: 'n'.repeat(101) }, 'invalid_client_metadata'],
    [
      { redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_basic' },
      'invalid_client_metadata',
    ],
    [{ redirect_uris: [REDIRECT], grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
    [[REDIRECT], 'invalid_client_metadata'],
  ];
  for (const [meta, error] of bad) {
    const res = await flow.register(meta);
    expect([res.status, res.body.error], JSON.stringify(meta).slice(0, 80)).toEqual([400, error]);
  }
  const big = await fetch(`${s.url}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [REDIRECT], x: 'x'.repeat(9000) }),
  });
  expect((await big.json()).error).toBe('invalid_client_metadata');
  const ok = await flow.register({ redirect_uris: ['https://app.example/cb', 'http://[::1]/cb'] });
  expect(ok.status).toBe(201);
  expect(ok.body).toMatchObject({ token_endpoint_auth_method: 'none', client_name: 'Unnamed app' });
});

it('consented registrations are rate limited per address, and their total is capped', async () => {
  await s.close();
  s = await startTestServer({ env: { ROOM_OAUTH_REGISTRATIONS_PER_HOUR: '3', ROOM_OAUTH_MAX_CLIENTS: '4' } });
  flow = oauthFlow(s);
  const cookie = await flow.signIn();
  for (let i = 0; i < 3; i++) await flow.consent({ cookie });
  const limited = await flow.register();
  expect([limited.status, limited.body.error]).toEqual([429, 'temporarily_unavailable']);
  expect(limited.headers.get('retry-after')).toBe('3600');
  s.advance(60 * 60 * 1000);
  await flow.consent({ cookie });
  const full = await flow.register();
  expect([full.status, full.body.error]).toEqual([429, 'temporarily_unavailable']);
});

it('an issuer with a path: its metadata at the path-inserted forms, and nowhere else under them', async () => {
  await s.close();
  s = await startTestServer({
    env: { ROOM_PUBLIC_URL: 'http://127.0.0.1/rooms', ROOM_ALLOWED_HOSTS: '127.0.0.1' },
  });
  for (const path of [
    '/.well-known/oauth-authorization-server/rooms',
    '/.well-known/openid-configuration/rooms',
  ]) {
    const res = await fetch(`${s.url}${path}`);
    expect(res.status, path).toBe(200);
    expect((await res.json()).issuer).toBe('http://127.0.0.1/rooms');
  }
  const other = await fetch(`${s.url}/.well-known/openid-configuration/other`);
  expect([other.status, other.headers.get('content-type')]).toEqual([404, 'application/json; charset=utf-8']);
});

it('behind a trusted proxy each forwarded caller has its own registration budget; IPv6 per /64', async () => {
  await s.close();
  s = await startTestServer({
    env: { ROOM_OAUTH_REGISTRATIONS_PER_HOUR: '1', ROOM_TRUSTED_PROXIES: '127.0.0.1' },
  });
  flow = oauthFlow(s);
  const cookie = await flow.signIn();
  // Each registration is allowed at once, so it counts toward its address's budget.
  const register = async (forwarded: string) => {
    const res = await fetch(`${s.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
      body: JSON.stringify({ redirect_uris: [REDIRECT] }),
    });
    const body = await res.json();
    if (res.status === 201) await flow.consent({ cookie, clientId: body.client_id });
    return res.status;
  };
  expect(await register('203.0.113.7')).toBe(201);
  expect(await register('198.51.100.1, 203.0.113.7')).toBe(429);
  expect(await register('203.0.113.8')).toBe(201);
  expect(await register('2001:db8:1:2::1')).toBe(201);
  expect(await register('2001:db8:1:2::ffff')).toBe(429);
});

it('metadata names this server; unknown paths under /.well-known and /oauth are JSON 404s', async () => {
  const prm = await (await fetch(`${s.url}/.well-known/oauth-protected-resource/api/v1/external-mcp`)).json();
  expect(prm.authorization_servers).toEqual([s.url]);
  for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
    const meta = await (await fetch(`${s.url}${path}`)).json();
    expect(meta).toMatchObject({
      issuer: s.url,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      registration_endpoint: `${s.url}/oauth/register`,
    });
  }
  // The OIDC URI serves the same RFC 8414 document, with no OpenID-only field.
  const oidc = await (await fetch(`${s.url}/.well-known/openid-configuration`)).json();
  expect(oidc).toEqual(await (await fetch(`${s.url}/.well-known/oauth-authorization-server`)).json());
  for (const field of [
    'jwks_uri',
    'userinfo_endpoint',
    'id_token_signing_alg_values_supported',
    'subject_types_supported',
  ])
    expect(oidc, field).not.toHaveProperty(field);
  for (const path of [
    '/.well-known/nothing',
    '/.well-known/oauth-authorization-server/extra',
    '/.well-known/openid-configuration/extra',
    '/oauth/nothing',
  ]) {
    const res = await fetch(`${s.url}${path}`);
    expect(res.status, path).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  }
});
