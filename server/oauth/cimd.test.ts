import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { oauthFlow, REDIRECT } from '../../test-support/oauthFlow.ts';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';

// Client ID Metadata Documents end to end over HTTP: a client known only by its document's URL.

let s: TestServer;
let flow: ReturnType<typeof oauthFlow>;
let docs: http.Server;
let docBase: string;
let hits: string[];

beforeEach(async () => {
  hits = [];
  docs = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const id = `${docBase}${req.url}`;
    const doc = (over: Record<string, unknown> = {}) =>
      JSON.stringify({ client_id: id, client_name: 'Doc Agent', redirect_uris: [REDIRECT], ...over });
    if (req.url === '/redirect') res.writeHead(302, { location: `${docBase}/good` }).end();
    else if (req.url === '/big') res.end(doc({ padding: 'x'.repeat(70 * 1024) }));
    else if (req.url === '/slow') res.writeHead(200).write('{');
    else if (req.url === '/mismatch') res.end(doc({ client_id: `${docBase}/good` }));
    else res.end(doc());
  });
  await new Promise<void>((resolve) => docs.listen(0, '127.0.0.1', resolve));
  docBase = `http://127.0.0.1:${(docs.address() as AddressInfo).port}`;
  s = await startTestServer({ env: { ROOM_OAUTH_CIMD_ALLOW_LOOPBACK: '1' } });
  flow = oauthFlow(s);
});
afterEach(async () => {
  await s.close();
  docs.closeAllConnections();
  await new Promise((resolve) => docs.close(resolve));
});

const params = (clientId: string, challenge: string, over: Record<string, string> = {}) => ({
  response_type: 'code',
  client_id: clientId,
  redirect_uri: REDIRECT,
  code_challenge: challenge,
  code_challenge_method: 'S256',
  state: 'st',
  resource: flow.resource,
  ...over,
});

it('advertises CIMD; a client known by its document URL connects without registering', async () => {
  const meta = await (await fetch(`${s.url}/.well-known/oauth-authorization-server`)).json();
  expect(meta.client_id_metadata_document_supported).toBe(true);
  expect(meta.token_endpoint_auth_methods_supported).toContain('none');
  const clientId = `${docBase}/good`;
  const { verifier, challenge } = flow.pkce();
  // Not signed in: the sign-in step, and nothing fetched.
  const anonymous = await flow.openAuthorize(params(clientId, challenge));
  expect([anonymous.status, anonymous.text.includes('Sign in to Rooms first')]).toEqual([200, true]);
  expect(hits).toEqual([]);
  const cookie = await flow.signIn();
  const page = await flow.openAuthorize(params(clientId, challenge), { cookie });
  expect(page.status, page.text).toBe(200);
  expect(hits).toEqual(['/good']);
  expect(page.text).toContain(`<strong class="client-host">${new URL(docBase).host}</strong>`);
  expect(page.text).toMatch(/calling itself <strong>Doc Agent<\/strong> <em>\(self-declared\)<\/em>/);
  const answer = await flow.post(
    '/oauth/authorize',
    [
      ['request', flow.requestSecretIn(page.text)],
      ['decision', 'allow'],
      ['scope', 'osfoundry:read'],
      ['scope', 'osfoundry:write'],
    ],
    { cookie, origin: s.url },
  );
  const location = (await flow.moveOn(answer, cookie)) as URL;
  const code = location.searchParams.get('code') as string;
  const tokens = await flow.exchange({ clientId, verifier, code });
  expect(tokens.status, tokens.text).toBe(200);
  expect(await flow.callTool(tokens.body.access_token)).toBe(200);
  // Nothing was registered, and a metadata client never counts toward the registration cap.
  expect([await s.deps.oauth.countPendingClients(), await s.deps.oauth.countClients()]).toEqual([0, 0]);
  const listed = await (await fetch(`${s.url}/api/oauth/grants`, { headers: { cookie } })).json();
  expect(listed.grants.map((g: { client_name: string }) => g.client_name)).toEqual(['Doc Agent']);
});

it('a redirect, an oversize or slow document, a mismatched client_id or an unlisted redirect URI: an error page, nothing issued', async () => {
  const cookie = await flow.signIn();
  const { challenge } = flow.pkce();
  const cases: [string, Record<string, string>, string][] = [
    ['/redirect', {}, 'redirects are not followed'],
    ['/big', {}, 'over 65536 bytes'],
    ['/slow', {}, 'no complete answer'],
    ['/mismatch', {}, 'another client_id'],
    ['/good', { redirect_uri: 'https://attacker.example/cb' }, 'not one this app registered'],
  ];
  for (const [path, over, text] of cases) {
    const page = await flow.openAuthorize(params(`${docBase}${path}`, challenge, over), { cookie });
    expect([page.status, page.headers.get('location')], path).toEqual([400, null]);
    expect(page.text, path).toContain(text);
    expect(page.text, path).not.toContain('name="request"');
    expect(page.text, path).not.toContain('attacker.example');
  }
  const grants = await fetch(`${s.url}/api/oauth/grants`, { headers: { cookie } });
  expect((await grants.json()).grants).toEqual([]);
}, 20_000);

it('without the test setting a loopback client_id is never fetched', async () => {
  await s.close();
  s = await startTestServer();
  flow = oauthFlow(s);
  const meta = await (await fetch(`${s.url}/.well-known/oauth-authorization-server`)).json();
  expect(meta.client_id_metadata_document_supported).toBe(true);
  const cookie = await flow.signIn();
  const { challenge } = flow.pkce();
  for (const id of [`${docBase}/good`, `http://app.localhost:${new URL(docBase).port}/good`]) {
    const page = await flow.openAuthorize(params(id, challenge), { cookie });
    expect([page.status, page.text.includes('never fetched')], id).toEqual([400, true]);
  }
  expect(hits).toEqual([]);
});
