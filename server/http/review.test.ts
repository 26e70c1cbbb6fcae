import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defined } from '../../test-support/defined.ts';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { type Api, apiClient, joinAsMember, redeemInvite } from '../../test-support/testClient.ts';

const APP = { 'src/App.tsx': 'export default function App() {\n  return <h1>Hi</h1>;\n}\n' };
let s: TestServer;
let owner: Api;

beforeEach(async () => {
  s = await startTestServer();
  owner = apiClient(s.url, { token: s.ownerToken });
});
afterEach(async () => s.close());

async function room(name = 'Team'): Promise<string> {
  const res = await owner('POST', '/api/rooms', { name });
  expect(res.status).toBe(201);
  return res.body.room.id;
}

describe('review gate', () => {
  it('proposes, lists pending with files for the owner only, approves; the same name again updates the app in place', async () => {
    const roomId = await room();
    const { member, memberToken } = await joinAsMember(s, owner, roomId);
    const p1 = await memberToken('POST', `/api/rooms/${roomId}/proposals`, {
      name: 'Timer',
      files: APP,
      idempotency_key: 'idem-key-k1',
    });
    expect(p1.status).toBe(201);
    expect(p1.body.proposal).toMatchObject({ state: 'pending', file_count: 1, replayed: false });
    const pending = await owner('GET', `/api/rooms/${roomId}/proposals`);
    expect(pending.body.proposals).toHaveLength(1);
    expect(pending.body.proposals[0]?.files).toEqual(APP);
    expect(pending.body.proposals[0]?.proposer_name).toBe('Member');
    const one = await owner('GET', `/api/rooms/${roomId}/proposals/${p1.body.proposal.id}`);
    expect(one.body.proposal.proposer_name).toBe('Member');
    // The proposer sees their own; the member launcher shows nothing pending.
    const own = (await member('GET', `/api/rooms/${roomId}/proposals`)).body.proposals;
    expect(own).toHaveLength(1);
    expect(own[0]).not.toHaveProperty('proposer_name');
    expect((await member('GET', `/api/rooms/${roomId}`)).body.apps).toEqual([]);

    const a1 = await owner('POST', `/api/rooms/${roomId}/proposals/${p1.body.proposal.id}/approve`);
    expect(a1.body.app).toMatchObject({ name: 'Timer', position: 0, version: 1, updated: false });
    const p2 = await owner('POST', `/api/rooms/${roomId}/proposals`, {
      name: 'Timer',
      files: APP,
      idempotency_key: 'idem-key-k2',
    });
    const a2 = await owner('POST', `/api/rooms/${roomId}/proposals/${p2.body.proposal.id}/approve`);
    expect(a2.body.app).toMatchObject({
      id: a1.body.app.id,
      name: 'Timer',
      position: 0,
      version: 2,
      updated: true,
    });
    const again = await owner('POST', `/api/rooms/${roomId}/proposals/${p2.body.proposal.id}/approve`);
    expect(again.status).toBe(409);
    const launcher = await member('GET', `/api/rooms/${roomId}`);
    expect(launcher.body.apps.map((a: { name: string }) => a.name)).toEqual(['Timer']);
    const files = await member('GET', `/api/rooms/${roomId}/apps/${a1.body.app.id}/files`);
    expect(files.body.files).toEqual(APP);
  });

  it('declines with a reason the proposer reads; a member cannot review', async () => {
    const roomId = await room();
    const { memberToken } = await joinAsMember(s, owner, roomId);
    const p = await memberToken('POST', `/api/rooms/${roomId}/proposals`, {
      name: 'X',
      files: APP,
      idempotency_key: 'idem-key-k',
    });
    const id = p.body.proposal.id;
    expect((await memberToken('POST', `/api/rooms/${roomId}/proposals/${id}/approve`)).status).toBe(403);
    const d = await owner('POST', `/api/rooms/${roomId}/proposals/${id}/decline`, { reason: 'Too plain' });
    expect(d.body.proposal).toMatchObject({ state: 'declined', decline_reason: 'Too plain' });
    const mine = await memberToken('GET', `/api/rooms/${roomId}/proposals/${id}`);
    expect(mine.body.proposal).toMatchObject({ state: 'declined', decline_reason: 'Too plain' });
    expect((await owner('GET', `/api/rooms/${roomId}/proposals`)).body.proposals).toEqual([]);
  });

  it('hides pending proposals of others from members and outsiders', async () => {
    const roomId = await room();
    const { memberToken } = await joinAsMember(s, owner, roomId);
    const p = await owner('POST', `/api/rooms/${roomId}/proposals`, {
      name: 'Secret plan',
      files: APP,
      idempotency_key: 'idem-key-k',
    });
    const id = p.body.proposal.id;
    expect((await memberToken('GET', `/api/rooms/${roomId}/proposals/${id}`)).status).toBe(404);
    expect((await memberToken('GET', `/api/rooms/${roomId}/proposals`)).body.proposals).toEqual([]);
    const events = await memberToken('GET', `/api/rooms/${roomId}/events`);
    expect(JSON.stringify(events.body)).not.toContain('Secret plan');
    const ownerEvents = await owner('GET', `/api/rooms/${roomId}/events`);
    expect(JSON.stringify(ownerEvents.body)).toContain('Secret plan');

    const otherRoom = await room('Other');
    const outsider = (await joinAsMember(s, owner, otherRoom)).memberToken;
    expect((await outsider('GET', `/api/rooms/${roomId}`)).body.code).toBe('not_found');
    expect((await outsider('GET', `/api/rooms/${roomId}/proposals/${id}`)).status).toBe(404);
    expect(
      (
        await outsider('POST', `/api/rooms/${roomId}/proposals`, {
          name: 'n',
          files: APP,
          idempotency_key: 'idem-key-z',
        })
      ).status,
    ).toBe(404);
  });
});

describe('owner actions', () => {
  it('renames the room, reorders and removes apps', async () => {
    const roomId = await room();
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C']) {
      const p = await owner('POST', `/api/rooms/${roomId}/proposals`, {
        name,
        files: APP,
        idempotency_key: `idem-key-${name}`,
      });
      ids.push(
        (await owner('POST', `/api/rooms/${roomId}/proposals/${p.body.proposal.id}/approve`)).body.app.id,
      );
    }
    expect((await owner('PATCH', `/api/rooms/${roomId}`, { name: 'Renamed' })).status).toBe(200);
    expect((await owner('PUT', `/api/rooms/${roomId}/app-order`, { apps: [...ids].reverse() })).status).toBe(
      200,
    );
    expect((await owner('PUT', `/api/rooms/${roomId}/app-order`, { apps: ids.slice(1) })).status).toBe(400);
    expect((await owner('DELETE', `/api/rooms/${roomId}/apps/${ids[1]}`)).status).toBe(200);
    expect((await owner('DELETE', `/api/rooms/${roomId}/apps/${ids[1]}`)).status).toBe(404);
    const launcher = await owner('GET', `/api/rooms/${roomId}`);
    expect(launcher.body.room.name).toBe('Renamed');
    expect(launcher.body.apps.map((a: { name: string }) => a.name)).toEqual(['C', 'A']);
  });

  it('lists and removes members, revokes invites; an invite works once', async () => {
    const roomId = await room();
    const { memberToken } = await joinAsMember(s, owner, roomId);
    const members = (await owner('GET', `/api/rooms/${roomId}/members`)).body.members;
    expect(members.map((m: { role: string }) => m.role)).toEqual(['owner', 'member']);
    expect((await memberToken('GET', `/api/rooms/${roomId}/members`)).status).toBe(403);

    const inv = (await owner('POST', `/api/rooms/${roomId}/invites`)).body.invite;
    expect((await owner('DELETE', `/api/rooms/${roomId}/invites/${inv.id}`)).status).toBe(200);
    expect((await fetch(inv.url)).status).toBe(404);
    expect((await redeemInvite(s, inv.url)).status).toBe(404);
    const used = (await owner('POST', `/api/rooms/${roomId}/invites`)).body.invite;
    expect((await redeemInvite(s, used.url)).status).toBe(200);
    expect((await redeemInvite(s, used.url)).status).toBe(404);
    expect((await fetch(used.url)).status).toBe(404);

    const memberId = defined(members[1]).person_id;
    expect((await owner('DELETE', `/api/rooms/${roomId}/members/${memberId}`)).status).toBe(200);
    expect((await memberToken('GET', `/api/rooms/${roomId}`)).status).toBe(404);
  });
});
