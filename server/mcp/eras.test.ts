import fs from 'node:fs';
import path from 'node:path';
import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { type Api, apiClient } from '../../test-support/testClient.ts';
import type { ToolAnswer } from '../../test-support/toolAnswer.ts';
import type { ToolName } from '../../validation/toolInput.ts';
import { LIST_CACHE } from './createMcpServer.ts';

const MODERN = '2026-07-28';
const TOOL_FIXTURE = JSON.parse(
  fs.readFileSync(
    path.resolve(import.meta.dirname, '../../fixtures/propose_room_snippet_app.tool.json'),
    'utf8',
  ),
);
const APP = { 'src/App.tsx': 'export default () => null;\n' };
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientInfo': { name: 'raw-test', version: '0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

let s: TestServer;
let owner: Api;
let roomId: string;
let endpoint: string;

beforeAll(async () => {
  s = await startTestServer();
  endpoint = `${s.url}/api/v1/external-mcp`;
  owner = apiClient(s.url, { token: s.ownerToken });
  roomId = (await owner('POST', '/api/rooms', { name: 'Era room' })).body.room.id;
});
afterAll(async () => s.close());

/** A raw modern POST: the envelope in `_meta` and the headers mirroring it, unless a test overrides them. */
async function modern(
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string | undefined> = {},
) {
  const all: Record<string, string | undefined> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': MODERN,
    'mcp-method': method,
    ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
    ...headers,
  };
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined)),
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params: { ...params, _meta: ENVELOPE } }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read many result shapes
  return { res, body: (await res.json()) as any };
}

type AnyClient = { callTool: (p: { name: string; arguments: Record<string, unknown> }) => Promise<unknown> };

/** Reads the room, proposes an app and reads its status: the same walk on both eras. */
async function walk(c: AnyClient, key: string) {
  const call = async <N extends ToolName>(name: N, args: Record<string, unknown>) =>
    (await c.callTool({ name, arguments: args })) as ToolAnswer<N>;
  expect((await call('read_room', { room_id: roomId })).structuredContent?.room.name).toBe('Era room');
  const proposed = await call('propose_room_snippet_app', {
    room_id: roomId,
    name: `App ${key}`,
    files: APP,
    idempotency_key: `era-key-${key}`,
  });
  expect(proposed.structuredContent).toMatchObject({ state: 'pending_review', replayed: false });
  const status = await call('read_room_app_status', {
    room_id: roomId,
    instance_id: proposed.structuredContent?.proposal_id,
  });
  expect(status.structuredContent).toMatchObject({
    review_state: 'pending_review',
    launcher_state: 'absent',
  });
  const bad = await call('read_room', { room_id: roomId, extra: 1 });
  expect(bad.structuredContent?.error.code).toBe('schema_violation');
}

const published = (tool: Record<string, unknown>) =>
  Object.fromEntries(['name', 'description', 'inputSchema', 'annotations'].map((k) => [k, tool[k]]));

describe('modern era (2026-07-28)', () => {
  it('serves the SDK v2 client pinned to the revision: tools as published, read, propose, status', async () => {
    const c = new ModernClient(
      { name: 'modern-peer', version: '0' },
      { versionNegotiation: { mode: { pin: MODERN } } },
    );
    await c.connect(
      new ModernTransport(new URL(endpoint), {
        requestInit: { headers: { authorization: `Bearer ${s.ownerToken}` } },
      }),
    );
    try {
      expect(c.getNegotiatedProtocolVersion()).toBe(MODERN);
      expect(c.getInstructions()).toContain('Local-only data is unavailable to cloud clients.');
      const { tools } = await c.listTools();
      expect(published(tools[0] as Record<string, unknown>)).toEqual(published(TOOL_FIXTURE));
      await walk(c, 'modern1');
    } finally {
      await c.close();
    }
  });

  it('answers server/discover without a token with its versions, identity and cache hints', async () => {
    const { res, body } = await modern('server/discover');
    expect(res.status).toBe(200);
    expect(body.result).toMatchObject({
      resultType: 'complete',
      supportedVersions: [MODERN],
      capabilities: { tools: { listChanged: false } },
      ...LIST_CACHE,
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'rooms', version: '1.0.0' } },
    });
  });

  it('publishes the same definitions, annotations and security schemes as the handshake era', async () => {
    const { body } = await modern('tools/list');
    expect(body.result).toMatchObject({ resultType: 'complete', ...LIST_CACHE });
    const legacy = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    const legacyTools = ((await legacy.json()) as { result: { tools: unknown[] } }).result.tools;
    expect(body.result.tools).toEqual(legacyTools);
    const { _meta, ...wire } = body.result.tools[0];
    expect(wire).toEqual(TOOL_FIXTURE);
    expect(_meta).toEqual({ securitySchemes: TOOL_FIXTURE.securitySchemes });
  });

  it('names the supported versions to a request for another one', async () => {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2099-01-01',
        'mcp-method': 'tools/list',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/list',
        params: { _meta: { ...ENVELOPE, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      id: 3,
      error: { code: -32022, data: { supported: [MODERN], requested: '2099-01-01' } },
    });
  });

  it('refuses headers that disagree with the body, or are missing, with HeaderMismatch', async () => {
    const cases: [string, Record<string, unknown>, Record<string, string | undefined>][] = [
      ['tools/list', {}, { 'mcp-method': 'tools/call' }],
      ['tools/list', {}, { 'mcp-method': undefined }],
      ['tools/list', {}, { 'mcp-protocol-version': '2025-11-25' }],
      ['server/discover', {}, { 'mcp-protocol-version': undefined }],
    ];
    for (const [method, params, headers] of cases) {
      const { res, body } = await modern(method, params, headers);
      expect(res.status, JSON.stringify(headers)).toBe(400);
      expect(body.error.code, JSON.stringify(headers)).toBe(-32020);
      expect(body.error.message).toMatch(/header/i);
    }
    // The tool a call names in its header must be the one in its body: refused before the token is asked for.
    const call = { name: 'read_room', arguments: { room_id: roomId } };
    for (const name of ['propose_room_snippet_app', undefined, '=?base64?!!?=']) {
      for (const authorization of [undefined, `Bearer ${s.ownerToken}`]) {
        const { res, body } = await modern('tools/call', call, { 'mcp-name': name, authorization });
        expect(res.status, `${name} ${authorization}`).toBe(400);
        expect(body.error.code).toBe(-32020);
      }
    }
    const encoded = `=?base64?${Buffer.from('read_room').toString('base64')}?=`;
    const ok = await modern('tools/call', call, {
      'mcp-name': encoded,
      authorization: `Bearer ${s.ownerToken}`,
    });
    expect(ok.body.result.structuredContent.room.name).toBe('Era room');
  });

  it('keeps the 401 challenge and the 403 insufficient_scope step-up on modern calls', async () => {
    const call = { name: 'propose_room_snippet_app', arguments: { room_id: roomId } };
    const anonymous = await modern('tools/call', call);
    expect(anonymous.res.status).toBe(401);
    expect(anonymous.res.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${s.url}/.well-known/oauth-protected-resource/api/v1/external-mcp", error="invalid_token", error_description="Connect osFoundry to continue"`,
    );
    const secret = (await owner('POST', '/api/tokens', { label: 'ro', scopes: ['osfoundry:read'] })).body
      .token.secret;
    // Headers claiming an open method do not open a call: refused as a mismatch, no tool runs.
    const disguised = await modern(
      'tools/call',
      { name: 'read_room', arguments: { room_id: roomId } },
      { 'mcp-method': 'tools/list', 'mcp-name': undefined },
    );
    expect(disguised.res.status).toBe(400);
    expect(disguised.body).toMatchObject({ error: { code: -32020 } });
    expect(JSON.stringify(disguised.body)).not.toContain('Era room');
    const readOnly = await modern('tools/call', call, { authorization: `Bearer ${secret}` });
    expect(readOnly.res.status).toBe(403);
    expect(readOnly.res.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${s.url}/.well-known/oauth-protected-resource/api/v1/external-mcp", error="insufficient_scope", scope="osfoundry:write", error_description="This tool needs the osfoundry:write scope"`,
    );
  });
});

describe('handshake era', () => {
  it('still serves the SDK 1.x client: initialize, tools as published, read, propose, status', async () => {
    const c = new LegacyClient({ name: 'legacy-peer', version: '0' });
    await c.connect(
      new LegacyTransport(new URL(endpoint), {
        requestInit: { headers: { authorization: `Bearer ${s.ownerToken}` } },
      }),
    );
    try {
      expect(c.getServerVersion()).toEqual({ name: 'rooms', version: '1.0.0' });
      const { tools } = await c.listTools();
      expect(published(tools[0] as Record<string, unknown>)).toEqual(published(TOOL_FIXTURE));
      await walk(c, 'legacy1');
    } finally {
      await c.close();
    }
  });
});
