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

describe('GET /api/rooms/:room/apps/:app/about', () => {
  it('tells members who proposed and approved an app, when, and its content hash', async () => {
    const roomId = (await owner('POST', '/api/rooms', { name: 'About' })).body.room.id;
    const { member, memberToken } = await joinAsMember(s, owner, roomId);
    const proposed = await memberToken('POST', `/api/rooms/${roomId}/proposals`, {
      name: 'Hello',
      files: APP,
      idempotency_key: 'about-key-1',
    });
    const { proposal } = proposed.body;
    const { app } = (await owner('POST', `/api/rooms/${roomId}/proposals/${proposal.id}/approve`)).body;
    const about = await member('GET', `/api/rooms/${roomId}/apps/${app.id}/about`);
    expect(about.status).toBe(200);
    expect(about.body.about).toMatchObject({
      id: app.id,
      name: 'Hello',
      kind: 'snippet',
      proposed_by: 'Member',
      approved_by: 'Owner',
      content_sha256: proposal.content_sha256,
    });
    expect(Date.parse(about.body.about.approved_at)).toBeGreaterThanOrEqual(
      Date.parse(about.body.about.proposed_at),
    );
    // Nothing of the files, and nothing for an app that left the launcher or another room's caller.
    expect(JSON.stringify(about.body)).not.toContain('export default');
    await owner('DELETE', `/api/rooms/${roomId}/apps/${app.id}`);
    expect((await member('GET', `/api/rooms/${roomId}/apps/${app.id}/about`)).status).toBe(404);
    const stranger = await owner('POST', '/api/rooms', { name: 'Other' });
    const { member: outsider } = await joinAsMember(s, owner, stranger.body.room.id);
    expect((await outsider('GET', `/api/rooms/${roomId}/apps/${app.id}/about`)).status).toBe(404);
  });
});
