import { expect } from 'vitest';
import type { TestServer } from './startTestServer.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read many response shapes
type Json = any;

/** A tiny fetch wrapper for integration tests: JSON in, status + JSON out. */
export function apiClient(base: string, auth: { token?: string; cookie?: string }) {
  return async (method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> => {
    const headers: Record<string, string> = {};
    if (auth.token) headers.authorization = `Bearer ${auth.token}`;
    if (auth.cookie) headers.cookie = auth.cookie;
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
  const res = await fetch(body.invite.url, { redirect: 'manual' });
  expect(res.status).toBe(200);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] as string;
  const member = apiClient(server.url, { cookie });
  const minted = await member('POST', '/api/tokens', { label: 'agent' });
  expect(minted.status).toBe(201);
  return { cookie, member, memberToken: apiClient(server.url, { token: minted.body.token.secret }) };
}
