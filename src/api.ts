import { type CallArgs, type ResponseOf, type RouteKey, routeRequest } from '../validation/apiRoutes.ts';
import { isWireError, type WireError } from '../validation/errorCodes.ts';

/**
 * An API failure as the shell sees it: the server's `{code, message, detail}` plus the status (0 when the
 * server was not reached). Every failed `api()` call rejects with one.
 */
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
  }).catch((err: unknown) => {
    // The browser's own words ("Failed to fetch"), as the shell has always shown them.
    throw new ApiError(0, {
      code: 'not_available',
      message: err instanceof Error ? err.message : String(err),
    });
  });
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok)
    throw new ApiError(
      res.status,
      isWireError(data) ? data : { code: 'internal', message: `HTTP ${res.status}` },
    );
  // Every route answers JSON: a success without it is a broken answer, not an empty one.
  if (data === undefined)
    throw new ApiError(res.status, {
      code: 'internal',
      message: 'The server sent an answer that is not JSON',
    });
  // The server answers this route's response type on success.
  return data as ResponseOf<K>;
}
