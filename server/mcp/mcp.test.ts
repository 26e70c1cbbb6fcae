import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rawToolCall } from '../../test-support/rawToolCall.ts';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { type Api, apiClient, joinAsMember } from '../../test-support/testClient.ts';
import type { ToolAnswer } from '../../test-support/toolAnswer.ts';
import type { ToolName } from '../../validation/toolInput.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures');
const TOOL_FIXTURE = JSON.parse(
  fs.readFileSync(path.join(FIXTURES, 'propose_room_snippet_app.tool.json'), 'utf8'),
);
const SEEDS = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'seed-validation-cases.json'), 'utf8')) as {
  cases: {
    case: string;
    arguments: Record<string, unknown>;
    verdict: 'PASS' | 'REJECT';
    by: string | null;
  }[];
};
const APP = { 'src/App.tsx': 'export default () => null;\n' };

let s: TestServer;
let owner: Api;
let roomId: string;
const clients: Client[] = [];

beforeEach(async () => {
  s = await startTestServer();
  owner = apiClient(s.url, { token: s.ownerToken });
  roomId = (await owner('POST', '/api/rooms', { name: 'MCP room' })).body.room.id;
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
  await s.close();
});

async function connect(token?: string): Promise<Client> {
  const client = new Client({ name: 'test-peer', version: '0' });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${s.url}/api/v1/external-mcp`), { requestInit: { headers } }),
  );
  clients.push(client);
  return client;
}

const call = async <N extends ToolName>(c: Client, name: N, args: Record<string, unknown>) =>
  (await c.callTool({ name, arguments: args })) as ToolAnswer<N>;

describe('discovery', () => {
  it('initializes without a token and lists the tools as published', async () => {
    const c = await connect();
    expect(c.getServerCapabilities()?.tools).toEqual({ listChanged: false });
    expect(c.getInstructions()).toContain('Local-only data is unavailable to cloud clients.');
    const { tools } = await c.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'propose_room_snippet_app',
      'propose_room_repo_app',
      'read_room',
      'list_room_apps',
      'read_room_app_status',
      'poll_resource_events',
    ]);
    const snippet = tools[0] as Record<string, unknown>;
    for (const key of ['name', 'description', 'inputSchema', 'annotations'])
      expect(snippet[key]).toEqual(TOOL_FIXTURE[key]);
    expect(tools.find((t) => t.name === 'read_room')?.description).toContain('Local Rooms are unavailable');
    for (const t of tools) expect(t.inputSchema).toMatchObject({ additionalProperties: false });
  });

  it('publishes top-level securitySchemes on the wire (raw HTTP: the SDK client drops them)', async () => {
    const res = await fetch(`${s.url}/api/v1/external-mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    const body = (await res.json()) as { result: { tools: Record<string, unknown>[] } };
    const wire = body.result.tools.find((t) => t.name === 'propose_room_snippet_app') as Record<
      string,
      unknown
    >;
    const { _meta, ...published } = wire;
    expect(published).toEqual(TOOL_FIXTURE);
    expect(_meta).toEqual({ securitySchemes: TOOL_FIXTURE.securitySchemes });
  });

  it('serves RFC 9728 metadata and answers GET and DELETE with 405', async () => {
    const meta = await fetch(`${s.url}/.well-known/oauth-protected-resource/api/v1/external-mcp`);
    expect(await meta.json()).toMatchObject({
      resource: `${s.url}/api/v1/external-mcp`,
      scopes_supported: ['osfoundry:read', 'osfoundry:write'],
    });
    expect((await fetch(`${s.url}/api/v1/external-mcp`)).status).toBe(405);
    expect((await fetch(`${s.url}/api/v1/external-mcp`, { method: 'DELETE' })).status).toBe(405);
  });

  it('answers a body that is not JSON with a JSON-RPC parse error', async () => {
    const res = await fetch(`${s.url}/api/v1/external-mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":"2.0","method":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
  });
});

describe('auth', () => {
  it('answers a call without a valid token with 401 and the exact challenge', async () => {
    for (const token of [undefined, 'not-a-real-token']) {
      const c = await connect(token);
      await expect(c.callTool({ name: 'read_room', arguments: { room_id: roomId } })).rejects.toMatchObject({
        code: 401,
      });
    }
    const res = await fetch(`${s.url}/api/v1/external-mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'read_room', arguments: {} },
      }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${s.url}/.well-known/oauth-protected-resource/api/v1/external-mcp", error="invalid_token", error_description="Connect osFoundry to continue"`,
    );
  });

  it('answers a token without the scope with 403 insufficient_scope naming it', async () => {
    const secret = (await owner('POST', '/api/tokens', { label: 'ro', scopes: ['osfoundry:read'] })).body
      .token.secret;
    const c = await connect(secret);
    expect((await call(c, 'read_room', { room_id: roomId })).structuredContent?.room.name).toBe('MCP room');
    await expect(
      c.callTool({
        name: 'propose_room_snippet_app',
        arguments: { room_id: roomId, name: 'x', files: APP, idempotency_key: 'key-scope' },
      }),
    ).rejects.toMatchObject({ code: 403 });
    const res = await rawToolCall(s.url, secret, 'propose_room_snippet_app');
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect(res.headers.get('www-authenticate')).toContain('scope="osfoundry:write"');
  });
});

describe('tools', () => {
  it('matches the nine seed cases, each caught by the expected layer', async () => {
    const c = await connect(s.ownerToken);
    for (const seed of SEEDS.cases) {
      const args = { ...seed.arguments, room_id: roomId };
      const r = await call(c, 'propose_room_snippet_app', args);
      if (seed.verdict === 'PASS') {
        expect(r.isError, seed.case).toBeFalsy();
        expect(r.structuredContent).toMatchObject({ state: 'pending_review', file_count: 2 });
      } else {
        expect(r.isError, seed.case).toBe(true);
        const code = r.structuredContent?.error.code;
        if (seed.by === 'schema') expect(code, seed.case).toBe('schema_violation');
        else expect(code, seed.case).not.toBe('schema_violation');
      }
    }
  });

  it('proposes, replays, refuses a mismatch, and reports the next step', async () => {
    const c = await connect(s.ownerToken);
    const args = { room_id: roomId, name: 'Timer', files: APP, idempotency_key: 'snip-key-mcp-1' };
    const first = await call(c, 'propose_room_snippet_app', args);
    expect(first.structuredContent).toMatchObject({
      state: 'pending_review',
      file_count: 1,
      replayed: false,
    });
    expect(first.structuredContent?.next_step).toContain('Connected → Needs your approval, then tell me');
    expect(first.structuredContent?.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    const text = (first as { content: { text: string }[] }).content[0]?.text;
    expect(JSON.parse(text as string)).toEqual(first.structuredContent);
    const replay = await call(c, 'propose_room_snippet_app', args);
    expect(replay.structuredContent).toMatchObject({
      proposal_id: first.structuredContent?.proposal_id,
      replayed: true,
    });
    const mismatch = await call(c, 'propose_room_snippet_app', { ...args, name: 'Other' });
    expect(mismatch.isError).toBe(true);
    expect(mismatch.structuredContent?.error.code).toBe('idempotency_key_mismatch');
    const missing = await call(c, 'read_room', { room_id: 'rnothere' });
    expect(missing.structuredContent?.error.code).toBe('not_found');
    const local = await call(c, 'read_room', { room_id: 'local-phone' });
    expect(local.structuredContent?.error.message).toContain('Local Rooms are unavailable');
  });

  it('lists apps with cursors, reads safe status, polls events a member may see', async () => {
    const c = await connect(s.ownerToken);
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C']) {
      const p = await call(c, 'propose_room_snippet_app', {
        room_id: roomId,
        name,
        files: APP,
        idempotency_key: `key-list-${name}`,
      });
      ids.push(
        (await owner('POST', `/api/rooms/${roomId}/proposals/${p.structuredContent?.proposal_id}/approve`))
          .body.app.id,
      );
    }
    const page1 = await call(c, 'list_room_apps', { room_id: roomId, limit: 2 });
    expect(page1.structuredContent?.apps.map((a: { name: string }) => a.name)).toEqual(['A', 'B']);
    const page2 = await call(c, 'list_room_apps', {
      room_id: roomId,
      limit: 2,
      cursor: page1.structuredContent?.next_cursor,
    });
    expect(page2.structuredContent).toMatchObject({ has_more: false, next_cursor: null });
    expect(page2.structuredContent?.apps.map((a: { name: string }) => a.name)).toEqual(['C']);
    const status = await call(c, 'read_room_app_status', { room_id: roomId, instance_id: ids[0] });
    expect(Object.keys(status.structuredContent ?? {}).sort()).toEqual([
      'instance_id',
      'latest_build',
      'launcher_state',
      'name',
      'network',
      'room_id',
      'version',
      'versions',
    ]);

    // A member's token sees launcher events, never the pending proposal's name.
    const { memberToken } = await joinAsMember(s, owner, roomId);
    const memberSecret = (await memberToken('POST', '/api/tokens', { label: 'agent2' })).body.token.secret;
    const m = await connect(memberSecret);
    const head = await call(m, 'poll_resource_events', { resource_type: 'room', resource_id: roomId });
    const cursor = head.structuredContent?.next_cursor;
    await call(c, 'propose_room_snippet_app', {
      room_id: roomId,
      name: 'Pending secret',
      files: APP,
      idempotency_key: 'key-pending-x',
    });
    await owner('DELETE', `/api/rooms/${roomId}/apps/${ids[2]}`);
    const polled = await call(m, 'poll_resource_events', {
      resource_type: 'room',
      resource_id: roomId,
      cursor,
      wait_ms: 2000,
    });
    expect(polled.structuredContent?.events.map((e: { type: string }) => e.type)).toEqual(['app.removed']);
    expect(JSON.stringify(polled)).not.toContain('Pending secret');
    const quick = await call(m, 'poll_resource_events', {
      resource_type: 'room',
      resource_id: roomId,
      cursor,
    });
    expect(quick.structuredContent?.poll_after_ms).toBeGreaterThan(0);
    const tooFast = await call(m, 'poll_resource_events', {
      resource_type: 'room',
      resource_id: roomId,
      cursor,
    });
    expect(tooFast.isError).toBe(true);
    expect(tooFast.structuredContent?.error.code).toBe('slow_down');
  });

  it('names the app an update replaces and shows each version in list and status', async () => {
    const c = await connect(s.ownerToken);
    const propose = (files: Record<string, string>, key: string) =>
      call(c, 'propose_room_snippet_app', { room_id: roomId, name: 'Timer', files, idempotency_key: key });
    const approve = async (p: ToolAnswer<'propose_room_snippet_app'>) =>
      (await owner('POST', `/api/rooms/${roomId}/proposals/${p.structuredContent?.proposal_id}/approve`)).body
        .app;
    const v1 = await propose(APP, 'key-update-v1');
    expect(v1.structuredContent).not.toHaveProperty('update');
    const app = await approve(v1);
    const v2 = await propose({ 'src/App.tsx': 'export default () => 2;\n' }, 'key-update-v2');
    expect(v2.structuredContent?.update).toEqual({ instance_id: app.id, app_name: 'Timer', base_version: 1 });
    expect(await approve(v2)).toMatchObject({ id: app.id, version: 2, updated: true });

    const list = await call(c, 'list_room_apps', { room_id: roomId });
    expect(list.structuredContent?.apps).toEqual([
      {
        instance_id: app.id,
        name: 'Timer',
        position: 0,
        version: 2,
        network: { connectDomains: [], resourceDomains: [] },
      },
    ]);
    const status = await call(c, 'read_room_app_status', { room_id: roomId, instance_id: app.id });
    expect(status.structuredContent).toMatchObject({ launcher_state: 'active', version: 2 });
    const versions = status.structuredContent?.versions as Record<string, unknown>[];
    expect(versions.map((v) => [v.version, v.content_sha256, v.rollback_of])).toEqual([
      [2, v2.structuredContent?.content_sha256, null],
      [1, v1.structuredContent?.content_sha256, null],
    ]);
    for (const v of versions)
      expect(Object.keys(v).sort()).toEqual(['approved_at', 'content_sha256', 'rollback_of', 'version']);
    // The first proposal still leads to its app, whose code has moved on.
    const byProposal = await call(c, 'read_room_app_status', {
      room_id: roomId,
      instance_id: v1.structuredContent?.proposal_id,
    });
    expect(byProposal.structuredContent).toMatchObject({ instance_id: app.id, review_state: 'approved' });
  });

  it('proposes a pinned repository version and reports its review state', async () => {
    const c = await connect(s.ownerToken);
    const repo = (await owner('POST', '/api/repositories', { name: 'Big' })).body.repository;
    const version = (await owner('POST', `/api/repositories/${repo.id}/versions`, { files: APP })).body
      .version;
    const args = {
      room_id: roomId,
      name: 'From repo',
      repository_id: repo.id,
      version_id: version.id,
      idempotency_key: 'repo-key-0001',
    };
    const r = await call(c, 'propose_room_repo_app', args);
    expect(r.structuredContent).toMatchObject({
      kind: 'repo',
      state: 'pending_review',
      content_sha256: version.id,
    });
    const status = await call(c, 'read_room_app_status', {
      room_id: roomId,
      instance_id: r.structuredContent?.proposal_id,
    });
    expect(status.structuredContent).toMatchObject({
      review_state: 'pending_review',
      launcher_state: 'absent',
    });
    const bad = await call(c, 'propose_room_repo_app', {
      ...args,
      version_id: 'nope',
      idempotency_key: 'repo-key-0002',
    });
    expect(bad.structuredContent?.error.code).toBe('not_found');
    const extra = await call(c, 'propose_room_repo_app', { ...args, extra: 1 });
    expect(extra.structuredContent?.error.code).toBe('schema_violation');
  });

  it('long-polls until the owner approves', async () => {
    const c = await connect(s.ownerToken);
    const p = await call(c, 'propose_room_snippet_app', {
      room_id: roomId,
      name: 'Wait',
      files: APP,
      idempotency_key: 'key-wait-1',
    });
    const waiting = call(c, 'poll_resource_events', {
      resource_type: 'room',
      resource_id: roomId,
      cursor: p.structuredContent?.events_cursor,
      wait_ms: 10_000,
    });
    setTimeout(
      () => void owner('POST', `/api/rooms/${roomId}/proposals/${p.structuredContent?.proposal_id}/approve`),
      200,
    );
    const started = Date.now();
    const r = await waiting;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(r.structuredContent?.events.map((e: { type: string }) => e.type)).toContain('proposal.approved');
  });
});
