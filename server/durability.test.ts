import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SHELL_DIR } from './http/shellHost';

// Real server processes on engineer A's spawned-server ports; one data folder survives the kill.
const ROOT = path.resolve(import.meta.dirname, '..');
const TOKEN = 'durability-owner-token-0123456789';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-durable-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      ROOM_DATA_DIR: dataDir,
      ROOM_OWNER_TOKEN: TOKEN,
      ROOM_DEMO: '0',
      ROOM_SKIP_BUILD: '1',
      ROOM_PROPOSALS_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const deadline = Date.now() + 30_000;
  while (!out.includes('Room launcher on')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `http://127.0.0.1:${port}`, child };
}

// Ports from DURABILITY_PORT (default 5261): three in a row.
const PORT = Number(process.env.DURABILITY_PORT ?? 5261);
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

it('finds every acknowledged proposal after a SIGKILL during a burst', async () => {
  const first = await start(PORT);
  const room = await fetch(`${first.url}/api/rooms`, {
    method: 'POST',
    headers: auth,
    body: '{"name":"Burst"}',
  });
  const roomId = ((await room.json()) as { room: { id: string } }).room.id;
  const acknowledged: string[] = [];
  let n = 0;
  let stop = false;
  const worker = async () => {
    while (!stop) {
      const i = n++;
      try {
        const res = await fetch(`${first.url}/api/rooms/${roomId}/proposals`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({
            name: `Burst ${i}`,
            files: { 'src/App.tsx': `export default () => ${i};\n` },
            idempotency_key: `burst-key-${i}`,
          }),
        });
        if (res.status === 201)
          acknowledged.push(((await res.json()) as { proposal: { id: string } }).proposal.id);
      } catch {
        // The kill cuts requests in flight: those were never acknowledged.
      }
    }
  };
  const workers = Array.from({ length: 8 }, worker);
  while (acknowledged.length < 100) await new Promise((r) => setTimeout(r, 10));
  first.child.kill('SIGKILL');
  stop = true;
  await Promise.all(workers);
  expect(acknowledged.length).toBeGreaterThanOrEqual(100);

  const second = await start(PORT + 1);
  const res = await fetch(`${second.url}/api/rooms/${roomId}/proposals`, { headers: auth });
  const stored = new Set(((await res.json()) as { proposals: { id: string }[] }).proposals.map((p) => p.id));
  const lost = acknowledged.filter((id) => !stored.has(id));
  expect(lost).toEqual([]);
  second.child.kill('SIGTERM');
}, 90_000);

it('keeps answering /healthz after 1000+ malformed requests', async () => {
  const { url, child } = await start(PORT + 2);
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
  let count = 0;
  for (const p of paths)
    for (const b of bodies)
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'GET']) {
        for (const headers of [
          auth as Record<string, string>,
          { 'content-type': 'application/json' },
          { authorization: 'Bearer not-a-token' },
        ]) {
          count++;
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
        count++;
        requests.push(send(p, { method, headers, body: method === 'GET' ? undefined : '{}' }));
      }
  const statuses = await Promise.all(requests);
  expect(statuses.filter((status) => status === undefined || status >= 500)).toEqual([]);
  // Shell pages answer 503 "not built" on a clean clone (unit tests run before any build): that is their state, not a failure.
  const shellBuilt = fs.existsSync(path.join(SHELL_DIR, 'index.html'));
  const shellStatuses = await Promise.all(
    ['/', '/rooms/x'].flatMap((p) => badHeaders.map((headers) => send(p, { method: 'GET', headers }))),
  );
  expect(shellStatuses.filter((status) => status !== (shellBuilt ? 200 : 503))).toEqual([]);
  // Garbage that is not HTTP at all, straight onto the socket.
  const raw = [
    (i: number) => `GARBAGE ${i} \r\n\u0000\r\n\r\n`,
    () =>
      `POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Length: 999999999\r\n\r\n{"na`,
    () => 'GET /api/rooms/%ZZ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    () => 'POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
  ];
  for (let i = 0; i < 500; i++) {
    count++;
    await new Promise<void>((resolve) => {
      const socket = net.connect(PORT + 2, '127.0.0.1', () =>
        socket.end((raw[i % raw.length] as (i: number) => string)(i)),
      );
      socket.on('error', () => resolve());
      socket.on('close', () => resolve());
      socket.resume();
    });
  }
  expect(count).toBeGreaterThanOrEqual(1000);
  const health = await fetch(`${url}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ ok: true });
  expect(child.exitCode).toBeNull();
  child.kill('SIGTERM');
}, 120_000);
