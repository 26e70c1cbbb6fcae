import type { APIRequestContext } from '@playwright/test';
import { httpError, RequestError } from '../client/RequestError.ts';
import type { ProposalView } from '../validation/views.ts';

/** The JSON API as `RoomClient.api` calls it: a RoomClient (server by URL + token) or {@link requestApi}. */
export interface JsonApi {
  api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
}

/** A snippet app to propose; a fresh idempotency key unless one is given. */
export interface AppToPropose {
  name: string;
  files: Record<string, string>;
  idempotencyKey?: string;
}

/** An app as approval creates it. */
export interface ApprovedAppView {
  id: string;
  name: string;
  position: number;
  proposal_id: string;
}

/**
 * The one way tests propose an app: POST /proposals, resolving to the pending proposal. A refusal throws
 * the server's `{code, message}` as a RequestError (`detail.status` is the HTTP status).
 */
export async function proposeApp(api: JsonApi, roomId: string, app: AppToPropose): Promise<ProposalView> {
  const key = app.idempotencyKey ?? `test-${app.name}-${Math.random().toString(36).slice(2)}`;
  const body = await api.api<{ proposal?: ProposalView }>('POST', `/api/rooms/${roomId}/proposals`, {
    name: app.name,
    files: app.files,
    idempotency_key: key,
  });
  // A 2xx whose body was cut (a killed server) is a lost answer, not a proposal.
  if (!body.proposal?.id)
    throw new RequestError('not_available', `proposing ${app.name}: no proposal in the answer`, true);
  return body.proposal;
}

/** Approves a pending proposal as the room's owner; resolves to the app it created. */
export async function approveProposal(
  api: JsonApi,
  roomId: string,
  proposalId: string,
): Promise<ApprovedAppView> {
  const { app } = await api.api<{ app: ApprovedAppView }>(
    'POST',
    `/api/rooms/${roomId}/proposals/${proposalId}/approve`,
  );
  return app;
}

/** Playwright's request context (its baseURL, this bearer token) as a {@link JsonApi}. */
export function requestApi(request: APIRequestContext, token: string): JsonApi {
  return {
    async api<T>(method: string, path: string, body?: unknown): Promise<T> {
      const res = await request.fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}` },
        data: body,
      });
      const text = await res.text();
      if (!res.ok()) throw httpError(res.status(), text);
      return (text ? JSON.parse(text) : {}) as T;
    },
  };
}
