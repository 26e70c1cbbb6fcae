import { CodedError, type ErrorCode } from '../validation/errorCodes.ts';

/** A failed request; `transient` ones (network failure, 5xx) may be retried with the same key. */
export class RequestError extends CodedError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly transient: boolean,
    detail?: unknown,
  ) {
    super(code, message, detail);
  }
}

/** A network-level failure as one line: what could not be reached and why. */
export function networkError(url: string, err: unknown): RequestError {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  const why = cause?.code ?? cause?.message ?? (err as Error)?.message ?? String(err);
  return new RequestError('not_available', `Cannot reach ${url} (${why})`, true);
}

/** An HTTP error answer (`{code, message}` body when the server wrote one). */
export function httpError(status: number, bodyText: string | null | undefined): RequestError {
  let body: { code?: string; message?: string } = {};
  try {
    body = JSON.parse(bodyText ?? '') ?? {};
  } catch {
    // Not JSON (a proxy's page, an empty body): fall back to the status.
  }
  const code = (body.code as ErrorCode | undefined) ?? (status >= 500 ? 'internal' : 'bad_request');
  const hint = status === 401 ? ' (set ROOM_TOKEN or pass --token)' : '';
  const message = `${body.message ?? `HTTP ${status}${bodyText ? `: ${bodyText.slice(0, 200)}` : ''}`}${hint}`;
  return new RequestError(code, message, status >= 500, { status });
}
