import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RequestError } from '../client/RequestError.ts';
import { RoomClient } from '../client/RoomClient.ts';
import { followEvents } from '../test-support/followEvents.ts';
import { approveProposal, proposeApp } from '../test-support/proposeApp.ts';
import { type RunningServer, spawnServer } from '../test-support/spawnServer.ts';
import { type RunningNginx, startNginx } from '../test-support/startNginx.ts';
import { createTestSchema, dropTestSchema } from '../test-support/testStore.ts';
import type { ProposalView } from '../validation/views.ts';

// Two real servers on one PostgreSQL schema behind Debian's nginx running deploy/nginx.conf (ports
// changed only). Servers on BEHIND_NGINX_PORT and the next one; nginx on BEHIND_NGINX_PROXY_PORT.
const PORT = Number(process.env.BEHIND_NGINX_PORT ?? 5274);
const PROXY_PORT = Number(process.env.BEHIND_NGINX_PROXY_PORT ?? 5276);
const TOKEN = 'nginx-owner-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };
const files = (i: number) => ({ 'src/App.tsx': `export default () => ${i};\n` });

let databaseUrl: string;
let nginx: RunningNginx;
const folders: string[] = [];
const servers: RunningServer[] = [];

async function start(port: number): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-nginx-server-'));
  folders.push(dataDir);
  const server = await spawnServer(
    {
      PORT: String(port),
      ROOM_DATA_DIR: dataDir,
      ROOM_OWNER_TOKEN: TOKEN,
      DATABASE_URL: databaseUrl,
      ROOM_PUBLIC_URL: `http://127.0.0.1:${PROXY_PORT}`,
      ROOM_TRUSTED_PROXIES: '127.0.0.1',
    },
    { timeoutMs: 90_000 },
  );
  servers.push(server);
  return server;
}

beforeAll(async () => {
  databaseUrl = await createTestSchema();
  // Started together: one migration, one owner, one Demo room.
  await Promise.all([start(PORT), start(PORT + 1)]);
  nginx = await startNginx(PROXY_PORT, [PORT, PORT + 1]);
}, 120_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  if (databaseUrl) await dropTestSchema(databaseUrl);
});

const direct = (i: number) => new RoomClient({ url: servers[i]?.url as string, token: TOKEN });
const viaNginx = () => new RoomClient({ url: nginx.url, token: TOKEN });

it('two servers started together share one Demo room, and a session made on one is valid on the other', async () => {
  const rooms = await viaNginx().api('GET /api/rooms');
  expect(rooms.rooms.filter((r) => r.name === 'Demo room')).toHaveLength(1);
  // Signed in through nginx (the public origin), then used on each server directly.
  const signIn = await fetch(`${nginx.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: nginx.url },
    body: JSON.stringify({ token: TOKEN }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] as string;
  expect(cookie).toMatch(/^room_session=/);
  for (const server of servers) {
    const me = await fetch(`${server.url}/api/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
  }
}, 60_000);

it('20 identical proposals over two servers make one; an approval on A reaches a stream on B, in order', async () => {
  const roomId = (await viaNginx().api('POST /api/rooms', { body: { name: 'Across' } })).room.id;
  const stream = followEvents(`${servers[1]?.url}/api/rooms/${roomId}/events/stream?after=0`, auth);
  try {
    const clients = [direct(0), direct(1)];
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        proposeApp(clients[i % 2] as RoomClient, roomId, {
          name: 'Once',
          files: files(0),
          idempotencyKey: 'one-key-across',
        }),
      ),
    );
    expect(new Set(made.map((p) => p.id)).size).toBe(1);
    const proposal = made[0] as ProposalView;
    const app = await approveProposal(direct(0), roomId, proposal.id);
    await expect
      .poll(() => stream.events.map((e) => e.type), { timeout: 15_000 })
      .toEqual(['proposal.created', 'proposal.approved', 'app.added']);
    expect(stream.events.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(stream.events[1]).toMatchObject({ data: { proposal_id: proposal.id, app_id: app.id } });
    const listed = await viaNginx().api('GET /api/rooms/:roomId/proposals', {
      params: { roomId },
      query: { state: 'all', files: '0' },
    });
    expect(listed.proposals.map((p) => p.id)).toEqual([proposal.id]);
  } finally {
    await stream.stop();
  }
}, 60_000);

it('kill -9 of one server during a burst through nginx: no acknowledged proposal lost, none twice, no event missed', async () => {
  const owner = viaNginx();
  const roomId = (await owner.api('POST /api/rooms', { body: { name: 'Burst' } })).room.id;
  const streamUrl = `${nginx.url}/api/rooms/${roomId}/events/stream?after=0`;
  // Two streams opened in a row: nginx's round robin puts one on each server, so one loses its server.
  const streams = [followEvents(streamUrl, auth), followEvents(streamUrl, auth)];
  const acknowledged = new Map<number, string>();
  let cut = 0;
  const unexpected: string[] = [];
  let n = 0;
  let stop = false;
  const TOTAL = 160;
  const worker = async () => {
    while (!stop && n < TOTAL) {
      const i = n++;
      // A client whose request was cut retries with the same key until it has an answer.
      for (let attempt = 0; ; attempt++) {
        try {
          const p = await proposeApp(owner, roomId, {
            name: `Burst ${i}`,
            files: files(i),
            idempotencyKey: `burst-key-${i}`,
          });
          acknowledged.set(i, p.id);
          break;
        } catch (err) {
          if (!(err instanceof RequestError && err.transient) || attempt > 50) {
            unexpected.push(String(err));
            break;
          }
          cut++;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    }
  };
  try {
    const workers = Array.from({ length: 8 }, worker);
    while (acknowledged.size < 40 && unexpected.length === 0) await new Promise((r) => setTimeout(r, 10));
    await servers[0]?.stop('SIGKILL');
    await Promise.all(workers);
    stop = true;
    expect(unexpected).toEqual([]);
    expect(acknowledged.size).toBe(TOTAL);

    const listed = await owner.api('GET /api/rooms/:roomId/proposals', {
      params: { roomId },
      query: { state: 'all', files: '0' },
    });
    const stored = new Map(listed.proposals.map((p) => [p.id, p.name]));
    expect([...acknowledged.values()].filter((id) => !stored.has(id))).toEqual([]);
    // One proposal per key: as many as keys, each name once.
    expect(listed.proposals).toHaveLength(TOTAL);
    expect(new Set(stored.values()).size).toBe(TOTAL);

    const all = await owner.api('GET /api/rooms/:roomId/events', {
      params: { roomId },
      query: { after: '0', limit: '500' },
    });
    const seqs = all.events.map((e) => e.seq);
    expect(seqs).toEqual(Array.from({ length: TOTAL }, (_, i) => i + 1));
    for (const stream of streams)
      await expect.poll(() => stream.events.map((e) => e.seq), { timeout: 20_000 }).toEqual(seqs);
    expect(streams.reduce((sum, s) => sum + s.reconnects, 0)).toBeGreaterThan(0);
    // How many requests the kill cut: informative, the assertions above hold either way.
    console.log(`kill -9 mid-burst: ${cut} cut requests retried with their key`);
  } finally {
    stop = true;
    await Promise.all(streams.map((s) => s.stop()));
  }
}, 120_000);
