import { afterAll, beforeAll, expect, it } from 'vitest';
import { rawToolCall } from '../../test-support/rawToolCall.ts';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { type Api, apiClient, malformed } from '../../test-support/testClient.ts';

let s: TestServer;
let owner: Api;
let roomId: string;
let valid: Record<string, unknown>;

beforeAll(async () => {
  s = await startTestServer();
  owner = apiClient(s.url, { token: s.ownerToken });
  roomId = (await owner('POST', '/api/rooms', { name: 'Verdicts' })).body.room.id;
  const repo = (await owner('POST', '/api/repositories', { name: 'Big' })).body.repository;
  const files = { 'src/App.tsx': 'export default () => null;\n' };
  const version = (await owner('POST', `/api/repositories/${repo.id}/versions`, { files })).body.version;
  valid = { name: 'From repo', repository_id: repo.id, version_id: version.id };
});
afterAll(async () => s.close());

async function viaMcp(args: Record<string, unknown>) {
  const res = await rawToolCall(s.url, s.ownerToken, 'propose_room_repo_app', { ...args, room_id: roomId });
  const { result } = (await res.json()) as {
    result: { isError?: boolean; structuredContent: { error?: object } };
  };
  return result.isError ? result.structuredContent.error : undefined;
}

it('gives the same verdict over HTTP and MCP for each bad repository proposal', async () => {
  const cases: [string, Record<string, unknown>][] = [
    ['short key', { ...valid, idempotency_key: 'short' }],
    ['extra property', { ...valid, idempotency_key: 'repo-verdict-02', extra: 1 }],
    [
      'missing version',
      { name: 'x', repository_id: valid.repository_id, idempotency_key: 'repo-verdict-03' },
    ],
    ['empty version id', { ...valid, version_id: '', idempotency_key: 'repo-verdict-04' }],
    ['number id', { ...valid, repository_id: 5, idempotency_key: 'repo-verdict-05' }],
    ['blank name', { ...valid, name: '   ', idempotency_key: 'repo-verdict-06' }],
    ['bidi override in name', { ...valid, name: 'Ti\u202Emer', idempotency_key: 'repo-verdict-07' }],
    ['name too long', { ...valid, name: 'n'.repeat(201), idempotency_key: 'repo-verdict-08' }],
    ['unknown version', { ...valid, version_id: 'nope', idempotency_key: 'repo-verdict-09' }],
  ];
  for (const [label, args] of cases) {
    const http = await owner('POST', `/api/rooms/${roomId}/repo-proposals`, malformed(args));
    expect(http.status, label).toBeGreaterThanOrEqual(400);
    const mcp = await viaMcp(args);
    expect(mcp, label).toEqual(http.body);
  }
});
