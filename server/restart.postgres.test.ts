import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { RoomClient } from '../client/RoomClient.ts';
import { proposeApp } from '../test-support/proposeApp.ts';
import { type RunningServer, spawnServer } from '../test-support/spawnServer.ts';
import { createTestSchema, dropTestSchema } from '../test-support/testStore.ts';

// Real server processes on one DATABASE_URL, each with a data folder of its own. Ports from RESTART_PORT.
const PORT = Number(process.env.RESTART_PORT ?? 5264);
const TOKEN = 'restart-owner-token-0123456789';
const folders: string[] = [];
const servers: RunningServer[] = [];
let databaseUrl: string | undefined;

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  if (databaseUrl) await dropTestSchema(databaseUrl);
});

async function start(port: number, url: string): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-restart-'));
  folders.push(dataDir);
  const server = await spawnServer({
    PORT: String(port),
    ROOM_DATA_DIR: dataDir,
    ROOM_OWNER_TOKEN: TOKEN,
    ROOM_DEMO: '0',
    DATABASE_URL: url,
  });
  servers.push(server);
  return server;
}

it('a server restarted on the same DATABASE_URL with a fresh data folder has every room, proposal, app and token', async () => {
  databaseUrl = await createTestSchema();
  const first = await start(PORT, databaseUrl);
  const owner = new RoomClient({ url: first.url, token: TOKEN });
  const roomId = (await owner.api('POST /api/rooms', { body: { name: 'Kept' } })).room.id;
  const files = { 'src/App.tsx': 'export default () => 1;\n' };
  const approved = await proposeApp(owner, roomId, { name: 'Timer', files });
  const pending = await proposeApp(owner, roomId, { name: 'Poll', files });
  const { app } = await owner.api('POST /api/rooms/:roomId/proposals/:proposalId/approve', {
    params: { roomId, proposalId: approved.id },
  });
  const personal = await owner.api('POST /api/tokens', {
    body: { label: 'laptop', scopes: ['osfoundry:read'] },
  });
  const events = await owner.api('GET /api/rooms/:roomId/events', {
    params: { roomId },
    query: { after: '0' },
  });
  await first.stop();

  const second = await start(PORT + 1, databaseUrl);
  const again = new RoomClient({ url: second.url, token: TOKEN });
  const rooms = await again.api('GET /api/rooms');
  expect(rooms.rooms.map((r) => [r.id, r.name])).toEqual([[roomId, 'Kept']]);
  const launcher = await again.api('GET /api/rooms/:roomId', { params: { roomId } });
  expect(launcher.apps.map((a) => [a.id, a.name])).toEqual([[app.id, 'Timer']]);
  const listed = await again.api('GET /api/rooms/:roomId/proposals', { params: { roomId } });
  expect(listed.proposals.map((p) => p.id)).toEqual([pending.id]);
  const decided = await again.api('GET /api/rooms/:roomId/proposals/:proposalId', {
    params: { roomId, proposalId: approved.id },
  });
  expect(decided.proposal.state).toBe('approved');
  // The personal token made on the first server signs in on the second; events continue where they were.
  const reader = new RoomClient({ url: second.url, token: personal.token.secret });
  expect((await reader.api('GET /api/rooms')).rooms).toHaveLength(1);
  expect(
    (await again.api('GET /api/rooms/:roomId/events', { params: { roomId }, query: { after: '0' } })).latest,
  ).toBe(events.latest);
  await second.stop();
}, 90_000);
