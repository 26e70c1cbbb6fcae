import { afterEach, beforeEach, expect, it } from 'vitest';
import { openTestDomain, type TestDomain } from '../../test-support/testDomain.ts';
import { proposeRepo, proposeSnippet } from './proposals.ts';
import { createRepository, createVersion } from './repositories.ts';

const APP = { 'src/App.tsx': 'export default () => null;\n' };
const room = (connect: string[]) => JSON.stringify({ csp: { connectDomains: connect } });
let t: TestDomain;

beforeEach(async () => {
  t = await openTestDomain();
});
afterEach(async () => t.close());

const snippet = (key: string, files: Record<string, string>) => ({
  room_id: t.roomId,
  name: 'Weather',
  files: { ...APP, ...files },
  idempotency_key: key,
});

it('refuses a snippet whose room.json is bad with invalid_network naming the entry, storing nothing', async () => {
  await expect(
    proposeSnippet(t.d, t.alice, snippet('key-net-bad-1', { 'room.json': room(['https://*.github.io']) })),
  ).rejects.toMatchObject({
    code: 'invalid_network',
    message: expect.stringContaining('"https://*.github.io"'),
    detail: { field: 'csp.connectDomains', index: 0, entry: 'https://*.github.io' },
  });
  await expect(
    proposeSnippet(t.d, t.alice, snippet('key-net-bad-2', { 'room.json': '{"csp":{},"scripts":[]}' })),
  ).rejects.toMatchObject({ code: 'invalid_network', detail: { field: 'scripts' } });
  expect(await t.d.store.listProposals(t.roomId, {})).toHaveLength(0);
  const ok = await proposeSnippet(
    t.d,
    t.alice,
    snippet('key-net-ok-1', { 'room.json': room(['https://api.example.com']) }),
  );
  expect(ok.state).toBe('pending');
});

it('checks the deployment’s own hosts and the loopback setting it is given', async () => {
  t.d.network = { ownOrigins: ['https://room.example.org'], allowLoopback: true, serverPort: 5178 };
  await expect(
    proposeSnippet(t.d, t.alice, snippet('key-net-own-1', { 'room.json': room(['https://*.example.org']) })),
  ).rejects.toMatchObject({ code: 'invalid_network', detail: { entry: 'https://*.example.org' } });
  await expect(
    proposeSnippet(t.d, t.alice, snippet('key-net-own-2', { 'room.json': room(['http://127.0.0.1:5178']) })),
  ).rejects.toMatchObject({ code: 'invalid_network', message: expect.stringContaining("server's own") });
  const ok = await proposeSnippet(
    t.d,
    t.alice,
    snippet('key-net-own-3', { 'room.json': room(['http://127.0.0.1:8080']) }),
  );
  expect(ok.state).toBe('pending');
});

it('refuses a repository version with a bad room.json, and re-checks a stored one when proposed', async () => {
  const repo = await createRepository(t.d, t.alice, 'Weather repo');
  await expect(
    createVersion(t.d, t.alice, repo.id, { ...APP, 'room.json': room(['https://10.0.0.1']) }),
  ).rejects.toMatchObject({ code: 'invalid_network', detail: { entry: 'https://10.0.0.1' } });
  expect((await t.d.store.listVersions(repo.id)).length).toBe(0);
  // Stored while loopback was allowed, proposed after it was turned off: refused, nothing pending.
  t.d.network = { ownOrigins: [], allowLoopback: true, serverPort: 5178 };
  const v = await createVersion(t.d, t.alice, repo.id, {
    ...APP,
    'room.json': room(['http://127.0.0.1:8080']),
  });
  t.d.network = { ownOrigins: [], allowLoopback: false, serverPort: 5178 };
  const args = {
    room_id: t.roomId,
    name: 'Weather',
    repository_id: repo.id,
    version_id: v.id,
    idempotency_key: 'key-net-repo-1',
  };
  await expect(proposeRepo(t.d, t.alice, args)).rejects.toMatchObject({ code: 'invalid_network' });
  expect(await t.d.store.listProposals(t.roomId, {})).toHaveLength(0);
});
