import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { RequestError } from '../client/RequestError.ts';
import { RoomClient } from '../client/RoomClient.ts';
import { proposeApp } from '../test-support/proposeApp.ts';
import { type RunningServer, spawnServer } from '../test-support/spawnServer.ts';

// Real server processes on engineer A's spawned-server ports; one data folder survives the kill.
const TOKEN = 'durability-owner-token-0123456789';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-durable-'));
const servers: RunningServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number): Promise<RunningServer> {
  const server = await spawnServer({
    PORT: String(port),
    ROOM_DATA_DIR: dataDir,
    ROOM_OWNER_TOKEN: TOKEN,
    ROOM_DEMO: '0',
  });
  servers.push(server);
  return server;
}

// Ports from DURABILITY_PORT (default 5261): three in a row.
const PORT = Number(process.env.DURABILITY_PORT ?? 5261);
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

it('finds every acknowledged proposal after a SIGKILL during a burst', async () => {
  const first = await start(PORT);
  const owner = new RoomClient({ url: first.url, token: TOKEN });
  const roomId = (await owner.api('POST /api/rooms', { body: { name: 'Burst' } })).room.id;
  const acknowledged: string[] = [];
  // Requests the kill cut (never acknowledged), and anything else that went wrong on the way.
  let cut = 0;
  const unexpected: string[] = [];
  let n = 0;
  let stop = false;
  const worker = async () => {
    while (!stop) {
      const i = n++;
      try {
        const proposal = await proposeApp(owner, roomId, {
          name: `Burst ${i}`,
          files: { 'src/App.tsx': `export default () => ${i};\n` },
          idempotencyKey: `burst-key-${i}`,
        });
        acknowledged.push(proposal.id);
      } catch (err) {
        if (err instanceof RequestError && err.transient && err.code === 'not_available') cut += 1;
        else unexpected.push(String(err));
      }
    }
  };
  const workers = Array.from({ length: 8 }, worker);
  while (acknowledged.length < 100 && unexpected.length === 0) await new Promise((r) => setTimeout(r, 10));
  // The workers keep going until the process is gone, so the requests the kill cut are counted whatever the timing.
  await first.stop('SIGKILL');
  stop = true;
  await Promise.all(workers);
  expect(unexpected).toEqual([]);
  // Eight workers always have requests in flight: the kill must have cut some, or it came after the burst.
  expect(cut).toBeGreaterThan(0);

  const second = await start(PORT + 1);
  const res = await fetch(`${second.url}/api/rooms/${roomId}/proposals`, { headers: auth });
  expect(res.status).toBe(200);
  const stored = new Set(((await res.json()) as { proposals: { id: string }[] }).proposals.map((p) => p.id));
  const lost = acknowledged.filter((id) => !stored.has(id));
  expect(lost).toEqual([]);
  await second.stop();
}, 90_000);

it('keeps answering /healthz after 1000+ malformed requests', async () => {
  const { url, exited, output } = await start(PORT + 2);
  const bodies = [
    '{',
    '[]',
    'null',
    '"x"',
    '{"name":',
    '\u0000\u0001',
    '{"files":{"a":1}}',
    'x'.repeat(5000),
  ];
  const paths = [
    '/api/rooms',
    '/api/rooms/%E0%A4%A/proposals',
    '/api/rooms/local-x/proposals',
    '/api/tokens',
    '/api/session',
  ];
  const requests: Promise<number | undefined>[] = [];
  const send = (p: string, init: RequestInit) =>
    fetch(url + p, init).then(
      async (r) => {
        await r.arrayBuffer();
        return r.status;
      },
      () => undefined,
    );
  for (const p of paths)
    for (const b of bodies)
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'GET']) {
        for (const headers of [
          auth as Record<string, string>,
          { 'content-type': 'application/json' },
          { authorization: 'Bearer not-a-token' },
        ]) {
          requests.push(send(p, { method, headers, body: method === 'GET' ? undefined : b }));
        }
      }
  // Cookies and Authorization headers that are not what they claim to be.
  const badHeaders: Record<string, string>[] = [
    { cookie: 'room_session=%E0' },
    { cookie: 'room_session=%' },
    { cookie: 'room_session=%E0%A4%A; other=%ZZ' },
    { cookie: '=;;;room_session;=x' },
    { cookie: `room_session=${'x'.repeat(4000)}` },
    { cookie: 'room_session=%E0', origin: 'https://evil.example' },
    { authorization: 'Bearer' },
    { authorization: 'Bearer    ' },
    { authorization: 'Bearer %E0%A4%A' },
    { authorization: 'Basic Zm9vOmJhcg==' },
    { authorization: `Bearer ${'x'.repeat(8000)}` },
    { authorization: 'Bearer a b c', cookie: 'room_session=%E0' },
  ];
  for (const p of [...paths, '/api/v1/external-mcp', '/api/rooms/x/events'])
    for (const headers of badHeaders)
      for (const method of ['GET', 'POST']) {
        requests.push(send(p, { method, headers, body: method === 'GET' ? undefined : '{}' }));
      }
  const statuses = await Promise.all(requests);
  expect(statuses.filter((status) => status === undefined || status >= 500)).toEqual([]);
  // The sign-in link reads the session cookie (is someone else signed in?) whether or not the shell is built:
  // every bad cookie or header still gets the "Sign in to Rooms?" page.
  const linkPages = await Promise.all(
    badHeaders.map(async (headers) => {
      const res = await fetch(`${url}/?token=${TOKEN}`, { headers });
      return `${res.status} ${(await res.text()).includes('<h1>Sign in to Rooms?</h1>')}`;
    }),
  );
  expect(linkPages).toEqual(badHeaders.map(() => '200 true'));
  // Garbage that is not HTTP at all, straight onto the socket; each gets a status line back.
  const raw: [(i: number) => string, string][] = [
    [(i) => `GARBAGE ${i} \r\n\u0000\r\n\r\n`, 'HTTP/1.1 400 Bad Request'],
    [
      () =>
        `POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: 999999999\r\n\r\n{"na`,
      'HTTP/1.1 413 Payload Too Large',
    ],
    [() => 'GET /api/rooms/%ZZ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 'HTTP/1.1 404 Not Found'],
    [
      () => 'POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'HTTP/1.1 400 Bad Request',
    ],
  ];
  const rawReplies: string[] = [];
  for (let i = 0; i < 500; i++) {
    const [request] = raw[i % raw.length] as (typeof raw)[number];
    rawReplies.push(
      await new Promise<string>((resolve) => {
        let reply = '';
        const socket = net.connect(PORT + 2, '127.0.0.1', () => socket.end(request(i)));
        socket.on('data', (d) => {
          reply += d;
        });
        socket.on('error', () => resolve(reply.split('\r\n')[0] ?? ''));
        socket.on('close', () => resolve(reply.split('\r\n')[0] ?? ''));
      }),
    );
  }
  expect(rawReplies).toEqual(rawReplies.map((_, i) => (raw[i % raw.length] as (typeof raw)[number])[1]));
  // Counted from the server's own request log, not from what was sent: its handler took 1000+ of them.
  const handled = output()
    .split('\n')
    .filter((line) => line.startsWith('{"t":'));
  expect(handled.length).toBeGreaterThanOrEqual(1000);
  const health = await fetch(`${url}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ ok: true });
  const running = await Promise.race([
    exited.then(() => 'exited'),
    new Promise((r) => setTimeout(r, 100, 'running')),
  ]);
  expect(running).toBe('running');
}, 120_000);
