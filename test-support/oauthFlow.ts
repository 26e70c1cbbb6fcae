import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { s256 } from '../server/domain/oauthTokens.ts';
import { rawToolCall } from './rawToolCall.ts';
import type { TestServer } from './startTestServer.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read many response shapes
type Json = any;

export const REDIRECT = 'http://127.0.0.1:43210/callback';

/** Steps of the authorization code flow as a client and a browser make them, against a real server. */
export function oauthFlow(s: TestServer) {
  const resource = `${s.url}/api/v1/external-mcp`;
  const post = async (
    path: string,
    form: Record<string, string> | [string, string][],
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${s.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      text,
      body: (text.startsWith('{') ? JSON.parse(text) : undefined) as Json,
    };
  };
  const register = async (meta: Json = { client_name: 'Test agent', redirect_uris: [REDIRECT] }) => {
    const res = await fetch(`${s.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(meta),
    });
    return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
  };
  /** A session cookie for the owner (or any token's person). */
  const signIn = async (token = s.ownerToken) => {
    const res = await fetch(`${s.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: s.url },
      body: JSON.stringify({ token }),
    });
    return (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
  };
  const pkce = () => {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: s256(verifier) };
  };
  const authorizeUrl = (params: Record<string, string>) =>
    `${s.url}/oauth/authorize?${new URLSearchParams(params).toString()}`;
  const openAuthorize = async (params: Record<string, string>, headers: Record<string, string> = {}) => {
    const res = await fetch(authorizeUrl(params), { headers, redirect: 'manual' });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  const requestSecretIn = (html: string) => /name="request" value="([^"]+)"/.exec(html)?.[1] as string;
  /** The link on one of our pages back to the app ("Return to <host>"), or undefined. */
  const returnLinkIn = (html: string) => {
    const href = /<a href="([^"]+)"[^>]*>Return to /.exec(html)?.[1];
    return href === undefined ? undefined : new URL(href.replaceAll('&amp;', '&'));
  };
  /** Allow or Deny answers 303 to our own page, which moves on to the app: where it sends the browser. */
  const moveOn = async (answer: { status: number; headers: Headers }, cookie: string) => {
    const next = answer.headers.get('location');
    if (answer.status !== 303 || !next?.startsWith('/oauth/continue?')) return undefined;
    const res = await fetch(`${s.url}${next}`, { headers: { cookie }, redirect: 'manual' });
    return returnLinkIn(await res.text());
  };
  /** Register, consent (Allow, these scopes ticked) and return the code and everything to exchange it. */
  const consent = async (opts: { cookie: string; scope?: string; tick?: string[]; clientId?: string }) => {
    const clientId = opts.clientId ?? (await register()).body.client_id;
    const { verifier, challenge } = pkce();
    const page = await openAuthorize(
      {
        response_type: 'code',
        client_id: clientId,
        redirect_uri: REDIRECT,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        scope: opts.scope ?? 'osfoundry:read osfoundry:write',
        state: 'st4te',
        resource,
      },
      { cookie: opts.cookie },
    );
    expect(page.status, page.text).toBe(200);
    const answer = await post(
      '/oauth/authorize',
      [
        ['request', requestSecretIn(page.text)],
        ['decision', 'allow'],
        ...(opts.tick ?? ['osfoundry:read', 'osfoundry:write']).map((t): [string, string] => ['scope', t]),
      ],
      { cookie: opts.cookie, origin: s.url },
    );
    const location = (await moveOn(answer, opts.cookie)) ?? new URL('http://none/');
    return { clientId, verifier, answer, location, code: location.searchParams.get('code') ?? '' };
  };
  /** The token request for a code, with overrides (a wrong verifier, another resource...). */
  const exchange = (
    c: { clientId: string; verifier: string; code: string },
    over: Record<string, string> = {},
  ) =>
    post('/oauth/token', {
      grant_type: 'authorization_code',
      client_id: c.clientId,
      code: c.code,
      redirect_uri: REDIRECT,
      code_verifier: c.verifier,
      resource,
      ...over,
    });
  const refresh = (clientId: string, refreshToken: string) =>
    post('/oauth/token', {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: refreshToken,
      resource,
    });
  /** A tools/call to the MCP endpoint with this bearer token: the HTTP status it gets. */
  const callTool = async (token: string, name = 'read_room', args: Json = {}) => {
    const res = await rawToolCall(resource, token, name, args);
    await res.text();
    return res.status;
  };
  return {
    resource,
    post,
    register,
    signIn,
    pkce,
    authorizeUrl,
    openAuthorize,
    requestSecretIn,
    returnLinkIn,
    moveOn,
    consent,
    exchange,
    refresh,
    callTool,
  };
}
