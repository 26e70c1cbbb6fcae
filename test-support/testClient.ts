import { expect } from 'vitest';
import type { AnswerOf, RequestBodyOf } from './routeOfPath.ts';
import type { TestServer } from './startTestServer.ts';

/** A tiny fetch wrapper for integration tests: JSON in, status + JSON out, typed by the route contract. */
export function apiClient(base: string, auth: { token?: string; cookie?: string }) {
  return async <M extends string, P extends string>(
    method: M,
    path: P,
    body?: RequestBodyOf<M, P>,
  ): Promise<{ status: number; body: AnswerOf<M, P> }> => {
    const headers: Record<string, string> = {};
    if (auth.token) headers.authorization = `Bearer ${auth.token}`;
    // A browser sends Origin with every write; cookie-authenticated writes without one are refused.
    if (auth.cookie) Object.assign(headers, { cookie: auth.cookie, origin: new URL(base).origin });
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
}

export type Api = ReturnType<typeof apiClient>;

/** A member of `roomId` signed in through an invite link; returns their cookie client and a bearer client. */
export async function joinAsMember(server: TestServer, api: Api, roomId: string) {
  const { body } = await api('POST', `/api/rooms/${roomId}/invites`);
  const res = await redeemInvite(server, body.invite.url);
  expect(res.status).toBe(200);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const member = apiClient(server.url, { cookie });
  const minted = await member('POST', '/api/tokens', { label: 'agent' });
  expect(minted.status).toBe(201);
  return { cookie, member, memberToken: apiClient(server.url, { token: minted.body.token.secret }) };
}

/** What the invite page's Join button does: a same-origin form POST of the invite's secret. */
export async function redeemInvite(
  server: TestServer,
  inviteUrl: string,
  headers: Record<string, string> = { origin: server.url },
): Promise<Response> {
  const secret = new URL(inviteUrl).searchParams.get('invite') ?? '';
  return fetch(`${server.url}/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ invite: secret }).toString(),
    redirect: 'manual',
  });
}

/** A body the route's contract does not allow, sent on purpose to see it refused. */
export const malformed = (body: unknown): never => body as never;
