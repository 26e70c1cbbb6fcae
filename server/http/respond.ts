import type { IncomingMessage, ServerResponse } from 'node:http';
import { CodedError, type ErrorCode, type WireError } from '../../validation/errorCodes.ts';
import { depthViolation, MAX_JSON_DEPTH, tooDeepTextField } from '../../validation/jsonDepth.ts';

/** HTTP status for each wire code that can reach an HTTP response; others are 400. */
const STATUS: Partial<Record<ErrorCode, number>> = {
  unauthorized: 401,
  invalid_token: 401,
  insufficient_scope: 403,
  forbidden: 403,
  not_found: 404,
  local_room_unavailable: 404,
  method_not_allowed: 405,
  conflict: 409,
  name_taken: 409,
  confusable_name: 409,
  idempotency_key_mismatch: 409,
  quota_exceeded: 409,
  payload_too_large: 413,
  too_large: 413,
  misdirected_request: 421,
  rate_limited: 429,
  too_many_requests: 429,
  internal: 500,
};

export function statusFor(code: ErrorCode): number {
  return STATUS[code] ?? 400;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function sendError(res: ServerResponse, error: WireError, headers: Record<string, string> = {}): void {
  sendJson(res, statusFor(error.code), error, headers);
}

/** Turns anything thrown by a handler into a wire error; unknown errors become `internal`. */
export function toWireError(err: unknown): WireError {
  if (err instanceof CodedError) return err.toWire();
  return { code: 'internal', message: 'Something went wrong on the server' };
}

/**
 * Reads a JSON body up to `limit` bytes nesting at most `maxDepth` levels (checked on the text, before
 * parsing); throws coded errors for size, depth and syntax.
 */
export async function readJson(
  req: IncomingMessage,
  limit: number,
  maxDepth: number = MAX_JSON_DEPTH,
): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new CodedError('payload_too_large', `The body is over ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new CodedError('payload_too_large', `The body is over ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  const tooDeep = tooDeepTextField(text, maxDepth);
  if (tooDeep !== undefined) {
    const { code, message, detail } = depthViolation(tooDeep);
    throw new CodedError(code, message, detail);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new CodedError('invalid_json', 'The body is not valid JSON');
  }
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      // An undecodable cookie is no one's session: drop it rather than fail the request.
    }
  }
  return out;
}
