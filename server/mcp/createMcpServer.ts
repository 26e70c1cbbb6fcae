import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import { CodedError } from '../../validation/errorCodes.ts';
import { TOOLS } from '../../validation/mcpTools.ts';
import type { Principal } from '../domain/auth.ts';
import { runTool, type ToolDeps } from './roomTools.ts';

export const INSTRUCTIONS =
  'Rooms hold small apps. Propose an app with propose_room_snippet_app; the Room owner reviews the full code and approves it before it appears in the launcher. Poll poll_resource_events with the returned events_cursor to learn the decision. Local-only data is unavailable to cloud clients.';

// Built once: a new Ajv per request (the SDK's default) cost more than the tool call itself.
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/** One stateless MCP server per request: our own tools/list and tools/call over the raw JSON Schemas. */
export function createMcpServer(d: ToolDeps): Server {
  const server = new Server(
    { name: 'rooms', version: '1.0.0' },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS, jsonSchemaValidator },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    // The HTTP layer refused calls without a valid token, so a principal is always present here.
    const who = extra.authInfo?.extra?.principal as Principal | undefined;
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
