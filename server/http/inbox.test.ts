import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { type Api, apiClient, joinAsMember } from '../../test-support/testClient.ts';

const APP = { 'src/App.tsx': 'export default function App() {\n  return <h1>Hi</h1>;\n}\n' };
let s: TestServer;
let owner: Api;

beforeEach(async () => {
  s = await startTestServer();
  owner = apiClient(s.url, { token: s.ownerToken });
});
afterEach(async () => s.close());

const propose = (api: Api, roomId: string, name: string) =>
  api('POST', `/api/rooms/${roomId}/proposals`, { name, files: APP, idempotency_key: `inbox-${name}` });

describe('one inbox', () => {
  it("lists the pending proposals of every room the caller owns, by room, without files; a member's is empty", async () => {
    const a = (await owner('POST', '/api/rooms', { name: 'A' })).body.room.id;
    const b = (await owner('POST', '/api/rooms', { name: 'B' })).body.room.id;
    await propose(owner, a, 'One');
    await propose(owner, a, 'Two');
    const three = (await propose(owner, b, 'Three')).body.proposal.id;
    const before = (await owner('GET', '/api/review/pending')).body;
    const mine = before.rooms.filter((r: { id: string }) => r.id === a || r.id === b);
    expect(
      mine.map((r: { name: string; proposals: { name: string }[] }) => [
        r.name,
        r.proposals.map((p) => p.name),
      ]),
    ).toEqual([
      ['A', ['One', 'Two']],
      ['B', ['Three']],
    ]);
    expect(mine[0]?.proposals[0]).not.toHaveProperty('files');
    expect(mine[0]?.proposals[0]?.file_count).toBe(1);
    await owner('POST', `/api/rooms/${b}/proposals/${three}/approve`);
    expect((await owner('GET', '/api/review/pending')).body.total).toBe(before.total - 1);

    const { member } = await joinAsMember(s, owner, a);
    await propose(member, a, 'Theirs');
    expect((await member('GET', '/api/review/pending')).body).toEqual({ total: 0, rooms: [] });
    const light = (await owner('GET', `/api/rooms/${a}/proposals?state=pending&files=0`)).body.proposals;
    expect(light.map((p: { name: string }) => p.name)).toEqual(['One', 'Two', 'Theirs']);
    expect(light.every((p: object) => !('files' in p))).toBe(true);
  });
});
