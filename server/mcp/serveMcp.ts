import type { ServerResponse } from 'node:http';
import {
  type AuthInfo,
  classifyInboundRequest,
  createMcpHandler,
  isLegacyRequest,
  type McpHttpHandler,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { Ctx } from '../http/Router.ts';
import { createMcpServer } from './createMcpServer.ts';
import type { ToolDeps } from './roomTools.ts';

// One modern handler per server instance (its deps), each request still gets a fresh MCP server.
const modernHandlers = new WeakMap<object, McpHttpHandler>();

/**
 * Serves one MCP POST on either era of the same URL: a request carrying the 2026-07-28 `_meta` envelope goes
 * to the SDK's modern handler (header/body validation, server/discover, unsupported-version errors, cache
 * fields); anything else (the `initialize` handshake and its follow-ups) to a stateless legacy transport
 * answering JSON, as before the revision. `body` was parsed (bounded) by the caller; `auth` is the gate's.
 */
export async function serveMcp(ctx: Ctx, deps: ToolDeps, body: unknown, auth: AuthInfo | undefined) {
  const aborted = new AbortController();
  ctx.res.on('close', () => aborted.abort());
  const request = toWebRequest(ctx, aborted.signal);
  const options = { parsedBody: body, ...(auth ? { authInfo: auth } : {}) };
  let response: Response;
  if (await isLegacyRequest(request, body)) {
    const server = createMcpServer(deps, { authInfo: auth });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    aborted.signal.addEventListener('abort', () => {
      // A failed close must not become an unhandled rejection (that would end the process).
      transport.close().catch(() => undefined);
      server.close().catch(() => undefined);
    });
    await server.connect(transport);
    response = await transport.handleRequest(request, options);
  } else {
    response = await modernHandler(ctx.deps, deps).fetch(request, options);
  }
  await sendResponse(ctx.res, response);
}

/**
 * Whether a modern request is refused on its headers or envelope alone (HeaderMismatch, a malformed envelope):
 * the SDK answers it before any handler runs, so it is not sent to sign in first. The SDK's own classifier,
 * plus the standard-header presence and `Mcp-Name` rung it keeps internal (it checks them again after us).
 */
export function refusedOnHeaders(ctx: Ctx, body: unknown): boolean {
  const header = (name: string) => {
    const value = ctx.req.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const route = classifyInboundRequest({
    httpMethod: 'POST',
    protocolVersionHeader: header('mcp-protocol-version'),
    mcpMethodHeader: header('mcp-method'),
    mcpNameHeader: header('mcp-name'),
    body,
  });
  if (route.kind === 'reject') return true;
  if (route.kind !== 'modern' || route.messageKind !== 'request') return false;
  if (header('mcp-protocol-version') === undefined || header('mcp-method') === undefined) return true;
  const name = (route.message.params as { name?: unknown } | undefined)?.name;
  if (route.message.method !== 'tools/call' || typeof name !== 'string') return false;
  const sent = header('mcp-name')?.trim();
  return sent === undefined || decodeHeaderValue(sent) !== name;
}

/** The revision's `=?base64?…?=` sentinel for header values that are not plain ASCII. */
function decodeHeaderValue(value: string): string {
  const sentinel = /^=\?base64\?([A-Za-z0-9+/=]*)\?=$/.exec(value);
  return sentinel ? Buffer.from(sentinel[1] ?? '', 'base64').toString('utf8') : value;
}

function modernHandler(key: object, deps: ToolDeps): McpHttpHandler {
  let handler = modernHandlers.get(key);
  if (!handler) {
    // Default response mode: our tools send no progress, so every answer is one JSON body.
    handler = createMcpHandler((c) => createMcpServer(deps, c), { legacy: 'reject' });
    modernHandlers.set(key, handler);
  }
  return handler;
}

/** The SDK speaks fetch: the same headers and method, the body already parsed (passed beside it). */
function toWebRequest(ctx: Ctx, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  return new Request(new URL(ctx.req.url ?? '/', ctx.deps.config.publicUrl), {
    method: 'POST',
    headers,
    signal,
  });
}

async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const text = response.body
    ? Buffer.from(await response.arrayBuffer().catch(() => new ArrayBuffer(0)))
    : null;
  if (res.writableEnded || res.destroyed) return;
  const headers: Record<string, string> = { 'cache-control': 'no-store' };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (text) headers['content-length'] = String(text.length);
  res.writeHead(response.status, headers);
  res.end(text ?? undefined);
}
