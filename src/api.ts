import { type CallArgs, type ResponseOf, type RouteKey, routeRequest } from '../validation/apiRoutes.ts';
import type { WireError } from '../validation/errorCodes.ts';

/** An API failure as the shell sees it: the server's `{code, message}` plus the status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly wire: WireError,
  ) {
    super(wire.message);
  }
}

/** Calls one JSON route of the contract (validation/apiRoutes.ts); answers that route's response type. */
export async function api<K extends RouteKey>(key: K, ...[call]: CallArgs<K>): Promise<ResponseOf<K>> {
  const { method, path } = routeRequest(key, call);
  const body = call?.body;
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  // The server answers this route's response type on success and a WireError otherwise.
  const data = await res.json().catch(() => undefined);
  if (!res.ok) throw new ApiError(res.status, data ?? { code: 'internal', message: `HTTP ${res.status}` });
  return data;
}
