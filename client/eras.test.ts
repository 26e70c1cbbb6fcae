import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createMcpHandler, Server as ModernServer } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDir, runRoom } from '../test-support/cliHarness.ts';
import { startTestServer, type TestServer } from '../test-support/startTestServer.ts';
import { apiClient } from '../test-support/testClient.ts';
import { MCP_PATH, TOOLS } from '../validation/mcpTools.ts';
import { rememberedEra } from './RoomClient.ts';

const APP = 'export default () => null;\n';

describe('room CLI against this server (2026-07-28 era)', () => {
  let s: TestServer;
  let roomId: string;
  beforeAll(async () => {
    s = await startTestServer();
    const owner = apiClient(s.url, { token: s.ownerToken });
    roomId = (await owner('POST', '/api/rooms', { name: 'CLI era room' })).body.room.id;
  });
  afterAll(async () => s.close());

  it('proposes, lists and reads status on the modern era', async () => {
    const auth = ['--url', s.url, '--token', s.ownerToken];
    const proposed = await runRoom([
      'propose',
      appDir({ 'src/App.tsx': APP }),
      '--room',
      roomId,
      '--name',
      'Era',
      '--json',
      ...auth,
    ]);
    expect(proposed.code, proposed.stderr).toBe(0);
    expect(rememberedEra(s.url + MCP_PATH)).toBe('modern');
    const id = proposed.json().proposal_id;
    const status = await runRoom(['status', roomId, id, '--json', ...auth]);
    expect(status.json()).toMatchObject({ review_state: 'pending_review', launcher_state: 'absent' });
    expect((await runRoom(['apps', roomId, '--json', ...auth])).json()).toEqual({
      room_id: roomId,
      apps: [],
    });
    const denied = await runRoom(['apps', roomId, '--url', s.url, '--token', 'wrong-token']);
    expect(denied.stderr).toMatch(/^room: invalid_token: /);
  });
});

const ROWS = [{ instance_id: 'a1', name: 'Old', position: 0, version: 1 }];
const listed = (args: Record<string, unknown> | undefined) => {
  const structured = { room_id: args?.room_id, apps: ROWS, next_cursor: null };
  // r0 is a room on a server that answers in text only, as tools without an output schema may.
  return {
    ...(args?.room_id === 'r0' ? {} : { structuredContent: structured }),
    content: [{ type: 'text' as const, text: JSON.stringify(structured) }],
  };
};

/** The stock 2025-era wiring: a fresh SDK 1.x server and stateless transport per request. */
async function serveHandshakeOnly(req: http.IncomingMessage, res: http.ServerResponse, body: unknown) {
  const mcp = new Server({ name: 'old-rooms', version: '0.9.0' }, { capabilities: { tools: {} } });
  mcp.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  mcp.setRequestHandler(CallToolRequestSchema, async (r) => listed(r.params.arguments));
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  res.on('close', () => void transport.close().catch(() => undefined));
  await mcp.connect(transport);
  await transport.handleRequest(req, res, body);
}

/** The stock 2026-07-28-only wiring: the SDK v2 handler refusing the handshake. */
const modernOnly = createMcpHandler(
  () => {
    const mcp = new ModernServer({ name: 'new-rooms', version: '2.0.0' }, { capabilities: { tools: {} } });
    mcp.setRequestHandler('tools/list', async () => ({ tools: TOOLS }) as never);
    mcp.setRequestHandler('tools/call', async (r) => listed(r.params.arguments));
    return mcp;
  },
  { legacy: 'reject' },
);
async function serveModernOnly(req: http.IncomingMessage, res: http.ServerResponse, body: unknown) {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const answer = await modernOnly.fetch(
    new Request(`http://127.0.0.1${req.url}`, { method: 'POST', headers }),
    {
      parsedBody: body,
    },
  );
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(Buffer.from(await answer.arrayBuffer()));
}

/** A real small MCP server on its own port, in either era; records each request's JSON-RPC method. */
async function eraServer(era: { now: 'legacy' | 'modern' }) {
  const methods: string[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
    methods.push(String(body?.method));
    await (era.now === 'legacy' ? serveHandshakeOnly : serveModernOnly)(req, res, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    methods,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('room CLI against other servers', () => {
  it('falls back to the initialize handshake after server/discover is refused, and remembers the era', async () => {
    const s = await eraServer({ now: 'legacy' });
    try {
      const first = await runRoom(['apps', 'r1', '--json', '--url', s.url, '--token', 't']);
      expect(first.code, first.stderr).toBe(0);
      expect(first.json()).toEqual({ room_id: 'r1', apps: ROWS });
      expect(s.methods.slice(0, 2)).toEqual(['server/discover', 'initialize']);
      expect(rememberedEra(s.url + MCP_PATH)).toBe('legacy');
      s.methods.length = 0;
      expect((await runRoom(['apps', 'r1', '--url', s.url, '--token', 't'])).stdout).toContain('Old');
      expect(s.methods).not.toContain('server/discover');
      expect(s.methods[0]).toBe('initialize');
    } finally {
      await s.close();
    }
  });

  it('says plainly when a server answers a tool without structured content', async () => {
    const s = await eraServer({ now: 'legacy' });
    try {
      const bare = await runRoom(['apps', 'r0', '--url', s.url, '--token', 't']);
      expect(bare.code).not.toBe(0);
      expect(bare.stdout).toBe('');
      expect(bare.stderr).toMatch(/^room: internal: .* answered list_room_apps without structured content/);
      expect(bare.stderr).not.toContain('undefined');
    } finally {
      await s.close();
    }
  });

  it('probes again when a server it remembered as modern now speaks only the handshake', async () => {
    const era: { now: 'legacy' | 'modern' } = { now: 'modern' };
    const s = await eraServer(era);
    try {
      expect((await runRoom(['apps', 'r1', '--url', s.url, '--token', 't'])).stdout).toContain('Old');
      expect(rememberedEra(s.url + MCP_PATH)).toBe('modern');
      era.now = 'legacy';
      s.methods.length = 0;
      const after = await runRoom(['apps', 'r1', '--json', '--url', s.url, '--token', 't']);
      expect(after.code, after.stderr).toBe(0);
      expect(after.json()).toEqual({ room_id: 'r1', apps: ROWS });
      expect(s.methods.slice(0, 3)).toEqual(['tools/call', 'server/discover', 'initialize']);
      expect(rememberedEra(s.url + MCP_PATH)).toBe('legacy');
    } finally {
      await s.close();
    }
  });
});
