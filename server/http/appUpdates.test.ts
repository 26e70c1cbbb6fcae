import { describe, expect, it } from 'vitest';
import { defined } from '../../test-support/defined.ts';
import { roomFixture } from '../../test-support/roomFixture.ts';
import { apiClient, joinAsMember, malformed } from '../../test-support/testClient.ts';

const V1 = { 'src/App.tsx': 'export default function App() {\n  return <h1>One</h1>;\n}\n' };
const V2 = {
  'src/App.tsx':
    'import { label } from "./label";\nexport default function App() {\n  return <h1>{label}</h1>;\n}\n',
  'src/label.ts': 'export const label = "Two";\n',
};
const f = roomFixture('Team');

let keys = 0;
async function propose(files: Record<string, string>, name = 'Timer', as = f.owner) {
  const res = await as('POST', `/api/rooms/${f.roomId}/proposals`, {
    name,
    files,
    idempotency_key: `update-key-${++keys}`,
  });
  expect(res.status).toBe(201);
  return res.body.proposal;
}
const approve = async (proposalId: string) =>
  (await f.owner('POST', `/api/rooms/${f.roomId}/proposals/${proposalId}/approve`)).body.app;
const proposal = async (id: string) =>
  (await f.owner('GET', `/api/rooms/${f.roomId}/proposals/${id}`)).body.proposal;
const launcher = async (as = f.owner) => (await as('GET', `/api/rooms/${f.roomId}`)).body.apps;
const filesOf = async (appId: string) =>
  (await f.owner('GET', `/api/rooms/${f.roomId}/apps/${appId}/files`)).body.files;
const versions = async (appId: string, as = f.owner) =>
  (await as('GET', `/api/rooms/${f.roomId}/apps/${appId}/versions`)).body.versions;
const events = async (as = f.owner) => (await as('GET', `/api/rooms/${f.roomId}/events`)).body.events;

describe('an update is a proposal for an approved app of the same name', () => {
  it('is applied in place on approval: same id, tab and position, next version, app.updated', async () => {
    const { member } = await joinAsMember(f.s, f.owner, f.roomId);
    const v1 = await propose(V1);
    expect(v1.update).toBeNull();
    const app = await approve(v1.id);
    expect(app).toMatchObject({ name: 'Timer', position: 0, version: 1, updated: false });
    await approve((await propose(V1, 'Other')).id);

    const v2 = await propose(V2);
    const update = { instance_id: app.id, app_name: 'Timer', base_version: 1, current_version: 1 };
    expect(v2).toMatchObject({ kind: 'snippet', name: 'Timer', update });
    expect(await proposal(v2.id)).toMatchObject({ update, files: V2 });
    const created = (await events()).find(
      (e) => e.type === 'proposal.created' && e.data.proposal_id === v2.id,
    );
    expect(created?.type === 'proposal.created' && created.data.update_of).toBe(app.id);
    // Pending: the launcher still runs version 1.
    expect(await filesOf(app.id)).toEqual(V1);

    const after = defined((await events()).at(-1)).seq;
    expect(await approve(v2.id)).toEqual({
      id: app.id,
      name: 'Timer',
      position: 0,
      proposal_id: v2.id,
      version: 2,
      updated: true,
      packages_path: null,
      packages_note: null,
    });
    expect(
      (await launcher(member)).map((a: { id: string; name: string; version: number }) => [
        a.id,
        a.name,
        a.version,
      ]),
    ).toEqual([
      [app.id, 'Timer', 2],
      [expect.any(String), 'Other', 1],
    ]);
    expect(await filesOf(app.id)).toEqual(V2);
    const seen = (await member('GET', `/api/rooms/${f.roomId}/events?after=${after}`)).body.events;
    expect(seen.map((e: { type: string; data: unknown }) => [e.type, e.data])).toEqual([
      ['app.updated', { app_id: app.id, name: 'Timer', version: 2, rollback_of: null }],
    ]);
    const approvedEvent = (await events()).find((e) => e.type === 'proposal.approved' && e.seq > after);
    expect(approvedEvent?.data).toMatchObject({ app_id: app.id, update_of: app.id });
    expect((await member('GET', `/api/rooms/${f.roomId}/apps/${app.id}/about`)).body.about).toMatchObject({
      version: 2,
      content_sha256: v2.content_sha256,
    });
    const history = await versions(app.id, member);
    expect(history).toMatchObject({ app_id: app.id, current_version: 2 });
    expect(history.versions).toEqual([
      {
        version: 2,
        content_sha256: v2.content_sha256,
        proposal_id: v2.id,
        proposed_by: 'Owner',
        approved_by: 'Owner',
        approved_at: expect.any(String),
        rollback_of: null,
      },
      expect.objectContaining({ version: 1, content_sha256: v1.content_sha256, proposal_id: v1.id }),
    ]);
    expect(await proposal(v2.id)).toMatchObject({
      state: 'approved',
      update: { ...update, current_version: 2 },
    });
  });

  it('a declined update changes nothing', async () => {
    const app = await approve((await propose(V1)).id);
    const v2 = await propose(V2);
    const declined = await f.owner('POST', `/api/rooms/${f.roomId}/proposals/${v2.id}/decline`, {
      reason: 'No',
    });
    expect(declined.body.proposal).toMatchObject({ state: 'declined', update: { instance_id: app.id } });
    expect(await launcher()).toEqual([expect.objectContaining({ id: app.id, version: 1 })]);
    expect(await filesOf(app.id)).toEqual(V1);
    expect((await versions(app.id)).versions).toHaveLength(1);
    expect((await events()).map((e: { type: string }) => e.type)).not.toContain('app.updated');
  });

  it('an update of an app removed since becomes a new app', async () => {
    const app = await approve((await propose(V1)).id);
    const v2 = await propose(V2);
    expect((await f.owner('DELETE', `/api/rooms/${f.roomId}/apps/${app.id}`)).status).toBe(200);
    expect((await proposal(v2.id)).update).toEqual({
      instance_id: app.id,
      app_name: 'Timer',
      base_version: 1,
      current_version: null,
    });
    const added = await approve(v2.id);
    expect(added).toMatchObject({ name: 'Timer', version: 1, updated: false });
    expect(added.id).not.toBe(app.id);
    expect((await proposal(v2.id)).update).toBeNull();
    expect((await events()).at(-1)).toMatchObject({ type: 'app.added', data: { app_id: added.id } });
  });

  it('two pending updates: the second, approved after the first, says the app moved on and applies to it', async () => {
    const app = await approve((await propose(V1)).id);
    const a = await propose(V2);
    const b = await propose({ 'src/App.tsx': 'export default () => "three";\n' });
    for (const p of [a, b]) expect(p.update).toMatchObject({ base_version: 1, current_version: 1 });
    await approve(a.id);
    expect((await proposal(b.id)).update).toMatchObject({
      instance_id: app.id,
      base_version: 1,
      current_version: 2,
    });
    expect(await approve(b.id)).toMatchObject({ id: app.id, version: 3, updated: true });
    expect((await proposal(b.id)).update).toMatchObject({ base_version: 1, current_version: 3 });
    expect(await launcher()).toHaveLength(1);
  });

  it('an approval pinned to the version its diff was read against is refused once the app moved on, and changes nothing', async () => {
    const app = await approve((await propose(V1)).id);
    const a = await propose(V2);
    const b = await propose({ 'src/App.tsx': 'export default () => "three";\n' });
    await approve(a.id);
    const url = `/api/rooms/${f.roomId}/proposals/${b.id}/approve` as const;
    // Read against version 1; the app is at version 2 now.
    const stale = await f.owner('POST', url, { reviewed_version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'conflict', detail: { current_version: 2 } });
    expect(stale.body.message).toContain('at version 2 now');
    expect(await proposal(b.id)).toMatchObject({ state: 'pending' });
    expect(await filesOf(app.id)).toEqual(V2);
    // Reviewed as a new app, but an app of that name exists: refused too.
    expect((await f.owner('POST', url, { reviewed_version: null })).status).toBe(409);
    for (const bad of [0, -1, 1.5, '2', true, {}])
      expect((await f.owner('POST', url, malformed({ reviewed_version: bad }))).body.code, String(bad)).toBe(
        'bad_request',
      );
    // Read again against version 2: approved.
    const ok = await f.owner('POST', url, { reviewed_version: 2 });
    expect(ok.body.app).toMatchObject({ id: app.id, version: 3 });
  });

  it('a new app reviewed as new is refused when an app of its name was approved meanwhile', async () => {
    const a = await propose(V1, 'Twin');
    const b = await propose(V2, 'Twin');
    await approve(a.id);
    const res = await f.owner('POST', `/api/rooms/${f.roomId}/proposals/${b.id}/approve`, {
      reviewed_version: null,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('as a new app');
    expect(await proposal(b.id)).toMatchObject({ state: 'pending' });
  });

  it('an approval pinned to an app removed since is refused when another app of its name is at the same version now', async () => {
    const gone = await approve((await propose(V1, 'Echo')).id);
    const p = await propose(V2, 'Echo');
    // What the card showed: a diff against the first Echo at version 1.
    const seen = defined((await proposal(p.id)).update);
    expect((await f.owner('DELETE', `/api/rooms/${f.roomId}/apps/${gone.id}`)).status).toBe(200);
    const THEIRS = { 'src/App.tsx': 'export default () => "another echo";\n' };
    const other = await approve((await propose(THEIRS, 'Echo')).id);
    expect(other).toMatchObject({ version: 1, updated: false });
    const url = `/api/rooms/${f.roomId}/proposals/${p.id}/approve` as const;
    const stale = await f.owner('POST', url, {
      reviewed_version: seen.current_version,
      reviewed_app: seen.instance_id,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'conflict', detail: { current_app: other.id } });
    expect(await proposal(p.id)).toMatchObject({ state: 'pending' });
    expect(await filesOf(other.id)).toEqual(THEIRS);
    for (const bad of [1, '', 'x'.repeat(200), [], {}])
      expect((await f.owner('POST', url, malformed({ reviewed_app: bad }))).body.code, String(bad)).toBe(
        'bad_request',
      );
    // Reviewed as a new app while one of its name exists: refused too.
    expect((await f.owner('POST', url, { reviewed_app: null })).status).toBe(409);
    // Read again, against the Echo there now: approved onto it.
    const again = defined((await proposal(p.id)).update);
    expect(again).toMatchObject({ instance_id: other.id, current_version: 1 });
    const ok = await f.owner('POST', url, {
      reviewed_version: again.current_version,
      reviewed_app: again.instance_id,
    });
    expect(ok.body.app).toMatchObject({ id: other.id, version: 2 });
  });

  it('an identical name in another room is not an update', async () => {
    await approve((await propose(V1)).id);
    const other = (await f.owner('POST', '/api/rooms', { name: 'Elsewhere' })).body.room.id;
    const res = await f.owner('POST', `/api/rooms/${other}/proposals`, {
      name: 'Timer',
      files: V2,
      idempotency_key: 'update-key-other',
    });
    expect(res.body.proposal.update).toBeNull();
  });
});

describe('rollback', () => {
  it('makes an earlier version current as the next version; f.owner only, same-origin, checked body', async () => {
    const { member, memberToken } = await joinAsMember(f.s, f.owner, f.roomId);
    const v1 = await propose(V1);
    const app = await approve(v1.id);
    await approve((await propose(V2)).id);
    const rollback = (body: unknown, as = f.owner, appId = app.id) =>
      as('POST', `/api/rooms/${f.roomId}/apps/${appId}/rollback`, malformed(body));

    for (const as of [member, memberToken]) expect((await rollback({ version: 1 }, as)).status).toBe(403);
    for (const body of [{}, { version: '1' }, { version: 0 }, { version: 1.5 }, { version: 1, x: 1 }, [1]])
      expect((await rollback(body)).status, JSON.stringify(body)).toBe(400);
    expect((await rollback({ version: 1 }, f.owner, 'a-missing')).status).toBe(404);
    expect((await rollback({ version: 9 })).status).toBe(404);
    expect((await rollback({ version: 2 })).body.code).toBe('conflict');
    expect((await rollback({ version: 2 })).status).toBe(409);

    // The owner's browser session, driven from another site, is refused.
    const signIn = await fetch(`${f.s.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: f.s.url },
      body: JSON.stringify({ token: f.s.ownerToken }),
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] as string;
    for (const headers of [
      { origin: 'https://attacker.example' },
      { origin: f.s.url, 'sec-fetch-site': 'cross-site' },
    ]) {
      const res = await fetch(`${f.s.url}/api/rooms/${f.roomId}/apps/${app.id}/rollback`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', ...(headers as Record<string, string>) },
        body: JSON.stringify({ version: 1 }),
      });
      expect(res.status).toBe(403);
    }
    expect((await launcher())[0]?.version).toBe(2);

    const done = await rollback({ version: 1 }, apiClient(f.s.url, { cookie }));
    expect(done.status).toBe(200);
    expect(done.body.app).toMatchObject({ id: app.id, version: 3, proposal_id: v1.id, updated: true });
    expect(done.body.versions.current_version).toBe(3);
    expect(done.body.versions.versions[0]).toMatchObject({
      version: 3,
      rollback_of: 1,
      proposal_id: v1.id,
      content_sha256: v1.content_sha256,
    });
    expect(await filesOf(app.id)).toEqual(V1);
    expect((await events(member)).at(-1)).toMatchObject({
      type: 'app.updated',
      data: { app_id: app.id, name: 'Timer', version: 3, rollback_of: 1 },
    });
    expect((await rollback({ version: 3 })).status).toBe(409);
    expect((await rollback({ version: 2 })).body.app.version).toBe(4);
    expect(await filesOf(app.id)).toEqual(V2);
    expect((await versions(app.id)).versions.map((v: { version: number }) => v.version)).toEqual([
      4, 3, 2, 1,
    ]);
  });

  it('versions are for members of the room only', async () => {
    const app = await approve((await propose(V1)).id);
    const elsewhere = (await f.owner('POST', '/api/rooms', { name: 'Elsewhere' })).body.room.id;
    const { memberToken: stranger } = await joinAsMember(f.s, f.owner, elsewhere);
    expect((await stranger('GET', `/api/rooms/${f.roomId}/apps/${app.id}/versions`)).status).toBe(404);
    expect((await versions(app.id)).current_version).toBe(1);
    expect((await f.owner('GET', `/api/rooms/${f.roomId}/apps/a-missing/versions`)).status).toBe(404);
  });
});
