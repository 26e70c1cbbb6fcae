import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeEach, expect, it } from 'vitest';
import { roomFixture } from '../../test-support/roomFixture.ts';

const APP = { 'src/App.tsx': 'export default () => null;\n' };
const f = roomFixture('Look-alikes');

beforeEach(async () => {
  const made = await f.owner('POST', `/api/rooms/${f.roomId}/proposals`, {
    name: 'Standup timer',
    files: APP,
    idempotency_key: 'look-alike-http-1',
  });
  expect(
    (await f.owner('POST', `/api/rooms/${f.roomId}/proposals/${made.body.proposal.id}/approve`)).status,
  ).toBe(200);
});

it('answers a look-alike name with 409 confusable_name over HTTP, naming the app', async () => {
  const res = await f.owner('POST', `/api/rooms/${f.roomId}/proposals`, {
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
    new StreamableHTTPClientTransport(new URL(`${f.s.url}/api/v1/external-mcp`), {
      requestInit: { headers: { authorization: `Bearer ${f.s.ownerToken}` } },
    }),
  );
  try {
    const result = (await client.callTool({
      name: 'propose_room_snippet_app',
      arguments: {
        room_id: f.roomId,
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
