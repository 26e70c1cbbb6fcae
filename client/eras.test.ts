import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/startTestServer.ts';
import { apiClient } from '../test-support/testClient.ts';
import { MCP_PATH, TOOLS } from '../validation/mcpTools.ts';
import { appDir, runRoom } from './cliHarness.ts';
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

describe('room CLI against a handshake-only server (SDK 1.x, stateless Streamable HTTP)', () => {
  let url: string;
  let server: http.Server;
  const methods: string[] = [];
  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
      methods.push(String(body?.method));
      // The stock 2025-era wiring: a fresh SDK 1.x server and stateless transport per request.
      const mcp = new Server({ name: 'old-rooms', version: '0.9.0' }, { capabilities: { tools: {} } });
      mcp.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
      mcp.setRequestHandler(CallToolRequestSchema, async (r) => {
        const structured = {
          room_id: r.params.arguments?.room_id,
          apps: [{ instance_id: 'a1', name: 'Old', position: 0, version: 1 }],
          next_cursor: null,
        };
        return {
          structuredContent: structured,
          content: [{ type: 'text', text: JSON.stringify(structured) }],
        };
      });
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      res.on('close', () => void transport.close().catch(() => undefined));
      await mcp.connect(transport);
      await transport.handleRequest(req, res, body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('falls back to the initialize handshake after server/discover is refused, and remembers the era', async () => {
    const first = await runRoom(['apps', 'r1', '--json', '--url', url, '--token', 't']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.json()).toEqual({
      room_id: 'r1',
      apps: [{ instance_id: 'a1', name: 'Old', position: 0, version: 1 }],
    });
    expect(methods.slice(0, 2)).toEqual(['server/discover', 'initialize']);
    expect(rememberedEra(url + MCP_PATH)).toBe('legacy');
    methods.length = 0;
    expect((await runRoom(['apps', 'r1', '--url', url, '--token', 't'])).stdout).toContain('Old');
    expect(methods).not.toContain('server/discover');
    expect(methods[0]).toBe('initialize');
  });
});
