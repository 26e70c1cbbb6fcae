import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appDir, runRoom } from '../test-support/cliHarness.ts';
import { startTestServer, type TestServer } from '../test-support/startTestServer.ts';
import { type Api, apiClient } from '../test-support/testClient.ts';
import { VirtualClock } from '../test-support/VirtualClock.ts';

const APP = 'export default function App() {\n  return <h1>Hi</h1>;\n}\n';
let s: TestServer;
let owner: Api;
let roomId: string;
let auth: string[];

beforeEach(async () => {
  s = await startTestServer();
  owner = apiClient(s.url, { token: s.ownerToken });
  roomId = (await owner('POST', '/api/rooms', { name: 'CLI room' })).body.room.id;
  auth = ['--url', s.url, '--token', s.ownerToken];
});
afterEach(async () => s.close());

async function proposed(name = 'Hi'): Promise<string> {
  const r = await runRoom([
    'propose',
    appDir({ 'src/App.tsx': APP }),
    '--room',
    roomId,
    '--name',
    name,
    '--json',
    ...auth,
  ]);
  expect(r.code, r.stderr).toBe(0);
  return r.json().proposal_id;
}

describe('room wait', () => {
  it('exits 0 once the owner approves, on the backoff schedule', async () => {
    const id = await proposed();
    const clock = new VirtualClock(0, async (now) => {
      if (now >= 20_000) await owner('POST', `/api/rooms/${roomId}/proposals/${id}/approve`);
    });
    const r = await runRoom(['wait', id, '--room', roomId, '--json', ...auth], { clock });
    expect(r.code, r.stderr).toBe(0);
    // Checks at 0, 5, 12.5 s (pending), then 23.75 s after the approval at ≥ 20 s.
    expect(r.json()).toMatchObject({ outcome: 'approved', calls: 4, elapsed_ms: 23_750 });
    expect(r.json().status.instance_id).toMatch(/^a/);
  });

  it('exits 4 with the reason on a decline, and shows progress on a TTY', async () => {
    const id = await proposed();
    const clock = new VirtualClock(0, async (now) => {
      if (now >= 6000)
        await owner('POST', `/api/rooms/${roomId}/proposals/${id}/decline`, { reason: 'no ads' });
    });
    const r = await runRoom(['wait', id, '--room', roomId, ...auth], { clock, isTTY: true });
    expect(r.code).toBe(4);
    expect(r.stdout).toMatch(/^Declined: no ads \(after 3 checks in 13s\)$/);
    expect(r.stderr).toContain("waiting for the owner's review: 1 checks, 0s elapsed, next in 5s");
  });

  it('exits 5 when the budget runs out, and 1 on an unknown proposal', async () => {
    const id = await proposed();
    const r = await runRoom(['wait', id, '--room', roomId, '--budget', '60', ...auth], {
      clock: new VirtualClock(),
    });
    expect(r.code).toBe(5);
    expect(r.stdout).toContain('Gave up: still pending review after 6 checks in 1m 00s');
    const none = await runRoom(['wait', 'qnope', '--room', roomId, ...auth], { clock: new VirtualClock() });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^room: not_found: /);
  });
});

describe('reading commands', () => {
  it('lists rooms, apps and an app status', async () => {
    const rooms = await runRoom(['rooms', '--json', ...auth]);
    expect(rooms.json().rooms).toContainEqual(
      expect.objectContaining({ id: roomId, name: 'CLI room', role: 'owner' }),
    );
    expect((await runRoom(['rooms', ...auth])).stdout).toMatch(/CLI room\s+owner/);
    expect((await runRoom(['apps', roomId, ...auth])).stdout).toBe('No apps in this room yet.');
    const id = await proposed('Timer');
    const app = (await owner('POST', `/api/rooms/${roomId}/proposals/${id}/approve`)).body.app;
    const apps = await runRoom(['apps', roomId, '--json', ...auth]);
    expect(apps.json().apps).toEqual([
      {
        instance_id: app.id,
        name: 'Timer',
        position: app.position,
        version: 1,
        network: { connectDomains: [], resourceDomains: [] },
      },
    ]);
    expect((await runRoom(['apps', roomId, ...auth])).stdout).toMatch(new RegExp(`${app.id}\\s+1\\s+Timer`));
    const st = await runRoom(['status', roomId, app.id, ...auth]);
    expect(st.stdout).toContain(`instance_id: ${app.id}`);
    expect(st.stdout).toContain('launcher_state: ');
    const missing = await runRoom(['status', roomId, 'anope', ...auth]);
    expect(missing.code).toBe(1);
    const noRoom = await runRoom(['apps', 'rnope', ...auth]);
    expect(noRoom.code).toBe(1);
    expect(noRoom.stderr).toMatch(/^room: not_found: /);
    const local = await runRoom(['apps', 'local-abc', '--json', ...auth]);
    expect(local.json().error.code).toBe('local_room_unavailable');
    expect((await runRoom(['status', roomId, ...auth])).code).toBe(2);
  });
});

describe('room token', () => {
  it('creates, lists and revokes personal tokens; a revoked token stops working', async () => {
    const made = await runRoom([
      'token',
      'create',
      '--label',
      'agent',
      '--scopes',
      'read',
      '--json',
      ...auth,
    ]);
    expect(made.code, made.stderr).toBe(0);
    const { id, secret, scopes } = made.json().token;
    expect(scopes).toEqual(['osfoundry:read']);
    const asAgent = ['--url', s.url, '--token', secret];
    expect((await runRoom(['rooms', ...asAgent])).code).toBe(0);
    const denied = await runRoom([
      'propose',
      appDir({ 'src/App.tsx': APP }),
      '--room',
      roomId,
      '--name',
      'X',
      ...asAgent,
    ]);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toMatch(/^room: insufficient_scope: /);
    expect((await runRoom(['token', 'list', ...auth])).stdout).toMatch(
      new RegExp(`${id}\\s+agent\\s+osfoundry:read`),
    );
    expect((await runRoom(['token', 'revoke', id, ...auth])).code).toBe(0);
    const after = await runRoom(['rooms', ...asAgent]);
    expect(after.code).toBe(1);
    expect(after.stderr).toMatch(/^room: invalid_token: /);
    expect((await runRoom(['token', 'create', ...auth])).code).toBe(2);
    expect((await runRoom(['token', 'revoke', 'tnope', ...auth])).code).toBe(1);
  });
});

describe('room repo push and propose --repo', () => {
  it('pushes an immutable version and proposes it', async () => {
    const dir = appDir({ 'src/App.tsx': APP, 'src/util.ts': 'export const x = 1;\n' });
    const push = await runRoom(['repo', 'push', dir, '--name', 'Big app', '--json', ...auth]);
    expect(push.code, push.stderr).toBe(0);
    const { repository_id, version_id } = push.json();
    const again = await runRoom(['repo', 'push', dir, '--repo', repository_id, '--json', ...auth]);
    expect(again.json().version_id).toBe(version_id);
    const p = await runRoom([
      'propose',
      '--repo',
      repository_id,
      '--version',
      version_id,
      '--room',
      roomId,
      '--name',
      'Big app',
      '--json',
      ...auth,
    ]);
    expect(p.code, p.stderr).toBe(0);
    expect(p.json()).toMatchObject({
      kind: 'repo',
      state: 'pending_review',
      idempotency_key: expect.stringMatching(/^repo-/),
    });
    const bad = await runRoom([
      'propose',
      '--repo',
      repository_id,
      '--version',
      'nope',
      '--room',
      roomId,
      '--name',
      'B',
      ...auth,
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^room: not_found: /);
    expect(
      (await runRoom(['propose', '--repo', repository_id, '--room', roomId, '--name', 'B', ...auth])).code,
    ).toBe(2);
    const huge = appDir({ 'src/App.tsx': APP, 'src/a.ts': 'x'.repeat(600 * 1024) });
    const tooLarge = await runRoom(['repo', 'push', huge, '--url', 'http://127.0.0.1:5498']);
    expect(tooLarge.code).toBe(3);
    expect(tooLarge.stdout).toMatch(/^REJECT \(rule\) too_large: /);
  });
});

describe('room size', () => {
  it('prints bytes, lines, overheads and tokens, and warns when it should be a repository', {
    timeout: 30_000,
  }, async () => {
    const small = await runRoom(['size', appDir({ 'src/App.tsx': APP }), '--json']);
    expect(small.json()).toMatchObject({
      files: [{ path: 'src/App.tsx', bytes: APP.length, lines: 3 }],
      warning: null,
    });
    const r = small.json();
    expect(r.envelope_bytes).toBe(r.content_bytes + r.escape_overhead_bytes + r.framing_overhead_bytes);
    // Three newlines become \n (one byte more each); the quotes count as framing.
    expect(r.escape_overhead_bytes).toBe(3);
    const data = `export const rows = [\n${'  { id: 1, label: "a row of data" },\n'.repeat(1800)}];\n`;
    const big = await runRoom([
      'size',
      appDir({ 'src/App.tsx': APP, 'src/data.ts': data, 'src/blob.ts': 'x'.repeat(9000) }),
    ]);
    expect(big.stdout).toContain('approx. tokens (cl100k_base)');
    expect(big.stdout).toMatch(/warning: Too large for a snippet .*room repo push/);
    const none = await runRoom(['size', '/nonexistent-room-dir']);
    expect(none).toMatchObject({ code: 1, stderr: 'room: /nonexistent-room-dir is not a folder' });
  });
});

describe('usage and the launcher', () => {
  it('exits 2 with one line on usage errors', async () => {
    for (const argv of [['frobnicate'], ['propose', '.'], ['wait'], ['rooms', '--bogus'], []]) {
      const r = await runRoom(argv);
      expect(r.code, argv.join(' ')).toBe(2);
    }
    expect((await runRoom(['frobnicate'])).stderr).toBe("room: unknown command 'frobnicate' (room --help)");
  });

  it('runs as `room` through client/bin/room.js', async () => {
    const bin = path.resolve(import.meta.dirname, 'bin/room.js');
    const { stdout } = await promisify(execFile)(process.execPath, [bin, 'rooms', '--json'], {
      env: { ...process.env, ROOM_URL: s.url, ROOM_TOKEN: s.ownerToken },
    });
    expect(JSON.parse(stdout).rooms.map((r: { id: string }) => r.id)).toContain(roomId);
    const fail = await promisify(execFile)(process.execPath, [
      bin,
      'rooms',
      '--url',
      s.url,
      '--token',
      'bad',
    ]).catch((e: { code: number; stderr: string }) => e);
    expect(fail).toMatchObject({ code: 1, stderr: expect.stringMatching(/^room: invalid_token: [^\n]+\n$/) });
  }, 30_000);
});
