import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { apiClient } from '../../test-support/testClient.ts';
import { depthViolation, MAX_JSON_DEPTH } from '../../validation/jsonDepth.ts';

let s: TestServer;
let roomId: string;
let client: Client;

beforeAll(async () => {
  s = await startTestServer();
  roomId = (await apiClient(s.url, { token: s.ownerToken })('POST', '/api/rooms', { name: 'Deep' })).body.room
    .id;
  client = new Client({ name: 'deep-peer', version: '0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${s.url}/api/v1/external-mcp`), {
      requestInit: { headers: { authorization: `Bearer ${s.ownerToken}` } },
    }),
  );
});
afterAll(async () => {
  await client.close();
  await s.close();
});

const deepValue = (levels: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};
const deepText = (levels: number) => `${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}`;
const args = (files: unknown) => ({
  room_id: roomId,
  name: 'Deep',
  files,
  idempotency_key: 'deep-key-0123456789',
});
const noInternalErrors = () => expect(s.logs.filter((l) => 'level' in l)).toEqual([]);

it('answers a tool call whose arguments nest one level too deep with a schema_violation result', async () => {
  // Arguments (1) > files (64 levels): 65 in all, 67 in the JSON-RPC message, which the route lets through.
  const r = (await client.callTool({
    name: 'propose_room_snippet_app',
    arguments: args(deepValue(MAX_JSON_DEPTH)),
  })) as { isError?: boolean; structuredContent?: { error: unknown } };
  expect(r.isError).toBe(true);
  expect(r.structuredContent?.error).toEqual(depthViolation('files'));
  noInternalErrors();
});

it('refuses files 3,000 levels deep with schema_violation before the SDK sees them (SDK client)', async () => {
  const call = client.callTool({ name: 'propose_room_snippet_app', arguments: args(deepValue(3_000)) });
  await expect(call).rejects.toThrow(/"code":"schema_violation".*more than 64 levels deep/);
  noInternalErrors();
});

it('refuses files 100,000 levels deep with schema_violation (raw JSON-RPC: the SDK cannot even serialize them)', async () => {
  const started = performance.now();
  const res = await fetch(`${s.url}/api/v1/external-mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${s.ownerToken}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"propose_room_snippet_app","arguments":{"room_id":"${roomId}","name":"Deep","idempotency_key":"deep-key-0123456789","files":${deepText(100_000)}}}}`,
  });
  expect(res.status).toBe(400);
  const body = (await res.json()) as { code: string; message: string };
  expect(body.code).toBe('schema_violation');
  expect(body.message).toContain(`more than ${MAX_JSON_DEPTH} levels deep`);
  expect(performance.now() - started).toBeLessThan(1000);
  noInternalErrors();
});
