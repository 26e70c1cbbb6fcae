import type { APIRequestContext } from '@playwright/test';
import { httpError, RequestError } from '../client/RequestError.ts';
import { type CallArgs, type ResponseOf, type RouteKey, routeRequest } from '../validation/apiRoutes.ts';
import type { ApprovedApp, ProposalView } from '../validation/views.ts';

/** The JSON API as `RoomClient.api` calls it: a RoomClient (server by URL + token) or {@link requestApi}. */
export interface JsonApi {
  api<K extends RouteKey>(key: K, ...args: CallArgs<K>): Promise<ResponseOf<K>>;
}

/** A snippet app to propose; a fresh idempotency key unless one is given. */
export interface AppToPropose {
  name: string;
  files: Record<string, string>;
  idempotencyKey?: string;
}

/**
 * The one way tests propose an app: POST /proposals, resolving to the pending proposal. A refusal throws
 * the server's `{code, message}` as a RequestError (`detail.status` is the HTTP status).
 */
export async function proposeApp(api: JsonApi, roomId: string, app: AppToPropose): Promise<ProposalView> {
  const key = app.idempotencyKey ?? `test-${app.name}-${Math.random().toString(36).slice(2)}`;
  const body = await api.api('POST /api/rooms/:roomId/proposals', {
    params: { roomId },
    body: { name: app.name, files: app.files, idempotency_key: key },
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
): Promise<ApprovedApp> {
  const { app } = await api.api('POST /api/rooms/:roomId/proposals/:proposalId/approve', {
    params: { roomId, proposalId },
  });
  return app;
}

/** Playwright's request context (its baseURL, this bearer token) as a {@link JsonApi}. */
export function requestApi(request: APIRequestContext, token: string): JsonApi {
  return {
    async api(key, ...[call]) {
      const { method, path } = routeRequest(key, call);
      const res = await request.fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}` },
        data: call?.body,
      });
      const text = await res.text();
      if (!res.ok()) throw httpError(res.status(), text);
      return JSON.parse(text || '{}');
    },
  };
}
