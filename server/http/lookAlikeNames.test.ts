import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { type Api, apiClient } from '../../test-support/testClient.ts';

const APP = { 'src/App.tsx': 'export default () => null;\n' };
let s: TestServer;
let owner: Api;
let roomId: string;

beforeEach(async () => {
  s = await startTestServer();
  owner = apiClient(s.url, { token: s.ownerToken });
  roomId = (await owner('POST', '/api/rooms', { name: 'Look-alikes' })).body.room.id;
  const made = await owner('POST', `/api/rooms/${roomId}/proposals`, {
    name: 'Standup timer',
    files: APP,
    idempotency_key: 'look-alike-http-1',
  });
  expect(
    (await owner('POST', `/api/rooms/${roomId}/proposals/${made.body.proposal.id}/approve`)).status,
  ).toBe(200);
});
afterEach(async () => s.close());

it('answers a look-alike name with 409 confusable_name over HTTP, naming the app', async () => {
  const res = await owner('POST', `/api/rooms/${roomId}/proposals`, {
    name: 'Standup t\u0456mer',
    files: APP,
    idempotency_key: 'look-alike-http-2',
  });
  expect(res.status).toBe(409);
  expect(res.body).toMatchObject({ code: 'confusable_name', detail: { resembles: 'Standup timer' } });
  expect(res.body.message).toContain('"Standup timer"');
});

it('answers the MCP tool with an isError result the model can act on', async () => {
  const client = new Client({ name: 'look-alike-test', version: '0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${s.url}/api/v1/external-mcp`), {
      requestInit: { headers: { authorization: `Bearer ${s.ownerToken}` } },
    }),
  );
  try {
    const result = (await client.callTool({
      name: 'propose_room_snippet_app',
      arguments: {
        room_id: roomId,
        name: 'Standup t\u0456mer',
        files: APP,
        idempotency_key: 'look-alike-mcp-1',
      },
    })) as { isError?: boolean; structuredContent?: { error?: { code: string; detail?: unknown } } };
    expect(result.isError).toBe(true);
    expect(result.structuredContent?.error).toMatchObject({
      code: 'confusable_name',
      detail: { resembles: 'Standup timer' },
    });
  } finally {
    await client.close();
  }
});
