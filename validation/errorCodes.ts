/** Every wire error code (HTTP, MCP, frame protocol): one table, snake_case. */
export const ErrorCode = {
  bad_request: 'bad_request',
  invalid_json: 'invalid_json',
  unauthorized: 'unauthorized',
  invalid_token: 'invalid_token',
  insufficient_scope: 'insufficient_scope',
  forbidden: 'forbidden',
  not_found: 'not_found',
  method_not_allowed: 'method_not_allowed',
  payload_too_large: 'payload_too_large',
  rate_limited: 'rate_limited',
  local_room_unavailable: 'local_room_unavailable',
  schema_violation: 'schema_violation',
  unsafe_path: 'unsafe_path',
  missing_entry: 'missing_entry',
  invalid_name: 'invalid_name',
  too_large: 'too_large',
  idempotency_key_mismatch: 'idempotency_key_mismatch',
  name_taken: 'name_taken',
  confusable_name: 'confusable_name',
  conflict: 'conflict',
  quota_exceeded: 'quota_exceeded',
  invalid_key: 'invalid_key',
  invalid_value: 'invalid_value',
  not_available: 'not_available',
  too_many_requests: 'too_many_requests',
  save_refused: 'save_refused',
  clipboard_refused: 'clipboard_refused',
  link_refused: 'link_refused',
  compile_error: 'compile_error',
  unresolved_import: 'unresolved_import',
  unresolved_dependency: 'unresolved_dependency',
  invalid_dependency: 'invalid_dependency',
  invalid_alias: 'invalid_alias',
  invalid_network: 'invalid_network',
  runtime_error: 'runtime_error',
  missing_default_export: 'missing_default_export',
  unresponsive: 'unresponsive',
  slow_down: 'slow_down',
  invalid_cursor: 'invalid_cursor',
  misdirected_request: 'misdirected_request',
  internal: 'internal',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The only error shape that crosses a boundary. */
export interface WireError {
  code: ErrorCode;
  message: string;
  detail?: unknown;
}

/** A body is a wire error when it has a known code and a message; anything else is the sender's fault. */
export function isWireError(x: unknown): x is WireError {
  if (typeof x !== 'object' || x === null) return false;
  const { code, message } = x as Record<string, unknown>;
  return typeof code === 'string' && Object.hasOwn(ErrorCode, code) && typeof message === 'string';
}

/** An in-process error carrying its wire code. */
export class CodedError extends Error {
  override readonly name = 'CodedError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
  }

  toWire(): WireError {
    return this.detail === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, detail: this.detail };
  }
}
