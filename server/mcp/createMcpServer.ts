import { type CallToolResult, type McpRequestContext, Server } from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import { CodedError } from '../../validation/errorCodes.ts';
import { TOOLS } from '../../validation/mcpTools.ts';
import type { Principal } from '../domain/auth.ts';
import { runTool, type ToolDeps } from './roomTools.ts';

export const INSTRUCTIONS =
  'Rooms hold small apps. Propose an app with propose_room_snippet_app; the Room owner reviews the full code and approves it before it appears in the launcher. Poll poll_resource_events with the returned events_cursor to learn the decision. Local-only data is unavailable to cloud clients.';

/** The caching hint of the revision's cacheable results: the tool list changes only with a deploy. */
export const LIST_CACHE = { ttlMs: 300_000, cacheScope: 'public' } as const;

// Built once: a new Ajv per request (the SDK's default) cost more than the tool call itself.
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/**
 * One stateless MCP server per request, for either era (the SDK stamps the 2026-07-28 result fields):
 * our own tools/list and tools/call over the raw JSON Schemas.
 */
export function createMcpServer(d: ToolDeps, ctx: Pick<McpRequestContext, 'authInfo'>): Server {
  const server = new Server(
    { name: 'rooms', version: '1.0.0' },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator,
      cacheHints: { 'tools/list': LIST_CACHE, 'server/discover': LIST_CACHE },
    },
  );
  // The published definitions verbatim (top-level securitySchemes included), not rebuilt from a schema library.
  server.setRequestHandler('tools/list', async () => ({ tools: TOOLS }) as never);
  server.setRequestHandler('tools/call', async (request): Promise<CallToolResult> => {
    // The HTTP layer refused calls without a valid token, so a principal is always present here.
    const who = ctx.authInfo?.extra?.principal as Principal | undefined;
    try {
      if (!who) throw new CodedError('unauthorized', 'Connect osFoundry to continue');
      const result = await runTool(d, who, request.params.name, request.params.arguments ?? {});
      return {
        structuredContent: result as Record<string, unknown>,
        content: [{ type: 'text', text: JSON.stringify(result) }],
      };
    } catch (err) {
      const error =
        err instanceof CodedError
          ? err.toWire()
          : { code: 'internal', message: 'Something went wrong on the server' };
      const body = { error };
      return {
        isError: true,
        structuredContent: body,
        content: [{ type: 'text', text: JSON.stringify(body) }],
      };
    }
  });
  return server;
}
