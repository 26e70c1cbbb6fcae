import type { ServerResponse } from 'node:http';
import {
  type AuthInfo,
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
