import { MCP_PATH } from '../validation/mcpTools.ts';

/** A bare JSON-RPC tools/call over HTTP with a bearer token, no MCP client: tests read its status and headers. */
export function rawToolCall(
  base: string,
  token: string,
  name: string,
  args: unknown = {},
): Promise<Response> {
  return fetch(base.endsWith(MCP_PATH) ? base : base + MCP_PATH, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
}
