import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { type Api, apiClient, joinAsMember } from '../../test-support/testClient.ts';

const V1 = { 'src/App.tsx': 'export default () => "v1";\n' };
const V2 = { 'src/App.tsx': 'export default () => "v2";\n' };
let s: TestServer;
let owner: Api;

beforeEach(async () => {
  s = await startTestServer();
  owner = apiClient(s.url, { token: s.ownerToken });
});
afterEach(async () => s.close());

it('stores immutable, content-addressed versions', async () => {
  const repo = (await owner('POST', '/api/repositories', { name: 'Big app' })).body.repository;
  const a = await owner('POST', `/api/repositories/${repo.id}/versions`, { files: V1 });
  expect(a.status).toBe(201);
  expect(a.body.version.id).toMatch(/^[0-9a-f]{64}$/);
  const same = await owner('POST', `/api/repositories/${repo.id}/versions`, { files: V1 });
  expect(same.body.version.id).toBe(a.body.version.id);
  const b = await owner('POST', `/api/repositories/${repo.id}/versions`, { files: V2 });
  expect(b.body.version.id).not.toBe(a.body.version.id);
  const read = await owner('GET', `/api/repositories/${repo.id}/versions/${a.body.version.id}`);
  expect(read.body.version.files).toEqual(V1);
  expect((await owner('GET', `/api/repositories/${repo.id}`)).body.repository.versions).toHaveLength(2);
  const unsafe = await owner('POST', `/api/repositories/${repo.id}/versions`, {
    files: { ...V1, '/etc/x': 'x' },
  });
  expect(unsafe.body.code).toBe('unsafe_path');
});

it('holds what a snippet cannot: more than 12 files and 128 KB in a version', async () => {
  const repo = (await owner('POST', '/api/repositories', { name: 'Large app' })).body.repository;
  const files: Record<string, string> = { ...V1 };
  for (let i = 0; i < 20; i++)
    files[`src/part${i}.ts`] = `export const part${i} = '${'x'.repeat(10_000)}';\n`;
  const res = await owner('POST', `/api/repositories/${repo.id}/versions`, { files });
  expect(res.status).toBe(201);
  const tooMany: Record<string, string> = { ...V1 };
  for (let i = 0; i < 501; i++) tooMany[`src/f${i}.ts`] = 'export {};\n';
  expect((await owner('POST', `/api/repositories/${repo.id}/versions`, { files: tooMany })).body.code).toBe(
    'too_large',
  );
});

it("keeps a repository to its owner and runs an approved version's files", async () => {
  const roomId = (await owner('POST', '/api/rooms', { name: 'Repo room' })).body.room.id;
  const { memberToken } = await joinAsMember(s, owner, roomId);
  const repo = (await owner('POST', '/api/repositories', { name: 'Mine' })).body.repository;
  expect((await memberToken('GET', `/api/repositories/${repo.id}`)).status).toBe(404);
  const v = (await owner('POST', `/api/repositories/${repo.id}/versions`, { files: V1 })).body.version;
  const res = await owner('POST', `/api/rooms/${roomId}/repo-proposals`, {
    name: 'Repo app',
    repository_id: repo.id,
    version_id: v.id,
    idempotency_key: 'key-repo-1',
  });
  expect(res.status).toBe(201);
  const receipt = res.body.proposal;
  expect(receipt).toMatchObject({ kind: 'repo', state: 'pending', file_count: 1, content_sha256: v.id });
  const pending = (await owner('GET', `/api/rooms/${roomId}/proposals`)).body.proposals;
  expect(pending[0]?.files).toEqual(V1);
  const app = (await owner('POST', `/api/rooms/${roomId}/proposals/${receipt.id}/approve`)).body.app;
  expect((await memberToken('GET', `/api/rooms/${roomId}/apps/${app.id}/files`)).body.files).toEqual(V1);
});
