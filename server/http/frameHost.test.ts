import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureBuilt } from '../../build/ensureBuilt.ts';
import { type HostReply, requestOnHost } from '../../test-support/requestOnHost.ts';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { FRAME_DIR } from './frameHost.ts';

let s: TestServer;

beforeAll(async () => {
  // A fresh checkout runs unit tests before the build; build only then (a live build is never touched).
  if (!fs.existsSync(path.join(FRAME_DIR, 'frame.js'))) await ensureBuilt();
  s = await startTestServer();
}, 120_000);
afterAll(async () => s.close());

/** A request on an app's own host (Host: <app>.localhost:<port>), as the browser sends it, path unparsed. */
function getOnAppHost(pathname: string, app = 'app1', method = 'GET'): Promise<HostReply> {
  const port = new URL(s.url).port;
  return requestOnHost(port, `${app}.localhost:${port}`, pathname, { method });
}

async function api(method: string, pathname: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${s.url}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${s.ownerToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, pathname).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
}

/** An approved app whose version runs `code` as its package bundle (stored as approval stores one). */
async function bundledApp(name: string, code: string): Promise<{ appId: string; hash: string }> {
  const room = (await api('POST', '/api/rooms', { name: `Room ${name}` })).room as { id: string };
  const files = { 'src/App.tsx': 'export default function App() { return <p>hi</p>; }\n' };
  const { proposal } = await api('POST', `/api/rooms/${room.id}/proposals`, {
    name,
    files,
    idempotency_key: `frame-host-${name}`,
  });
  const proposalId = (proposal as { id: string }).id;
  const { app } = await api('POST', `/api/rooms/${room.id}/proposals/${proposalId}/approve`);
  const hash = createHash('sha256').update(code).digest('hex');
  await s.deps.store.setProposalPackages(
    proposalId,
    { path: 'bundle', note: null, bundle: { hash, code } },
    Date.now(),
  );
  return { appId: (app as { id: string }).id, hash };
}

it('serves the frame runtime and document to opaque origins, never cached', async () => {
  const script = await getOnAppHost('/runtime/frame.js');
  expect(script.status).toBe(200);
  expect(script.headers['content-type']).toMatch(/^text\/javascript/);
  expect(script.headers['access-control-allow-origin']).toBe('*');
  expect(script.headers['cache-control']).toBe('no-store');
  expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');

  const doc = await getOnAppHost('/');
  expect(doc.status).toBe(200);
  expect(doc.headers['cache-control']).toBe('no-store');
  expect(doc.headers['content-security-policy']).toContain("connect-src 'none'");

  const missing = await getOnAppHost('/runtime/../../package.json');
  expect(missing.status).toBe(404);
});

it("serves an app's own bundle on its own site only, as JavaScript, and nothing else under /deps", async () => {
  const a = await bundledApp('A', 'export default { a: 1 };');
  const b = await bundledApp('B', 'export default { b: 2 };');
  const own = await getOnAppHost(`/deps/${a.hash}.js`, a.appId);
  expect(own.status).toBe(200);
  expect(own.body).toBe('export default { a: 1 };');
  expect(own.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(own.headers['x-content-type-options']).toBe('nosniff');
  expect(own.headers['access-control-allow-origin']).toBe('*');
  expect((await getOnAppHost(`/deps/${a.hash}.js`, a.appId, 'HEAD')).status).toBe(200);
  expect((await getOnAppHost(`/deps/${a.hash}.js`, a.appId, 'POST')).status).toBe(405);
  // Another app's (another room's) hash, and a site of no app, get nothing: no probe of what exists.
  expect((await getOnAppHost(`/deps/${b.hash}.js`, a.appId)).status).toBe(404);
  expect((await getOnAppHost(`/deps/${a.hash}.js`, b.appId)).status).toBe(404);
  expect((await getOnAppHost(`/deps/${a.hash}.js`, 'nobody')).status).toBe(404);
  expect((await getOnAppHost(`/deps/${a.hash}.js`, `${a.appId}-sp`)).status).not.toBe(200);
  for (const path of [
    '/deps/zz.js',
    `/deps/${a.hash.toUpperCase()}.js`,
    `/deps/${a.hash}.js/x.js`,
    `/deps/${a.hash}.html`,
    `/deps/${a.hash}`,
    `/deps/${a.hash}.mjs`,
    `/deps/${a.hash}0.js`,
    '/deps/',
    '/deps/..%2fruntime%2fframe.js',
    '/deps/..%2f..%2fpackage.json',
    '/deps/%2e%2e%2f%2e%2e%2fpackage.json',
    '/deps/..\\..\\package.json',
  ]) {
    const res = await getOnAppHost(path, a.appId);
    expect(res.status, path).toBe(404);
    expect(res.headers['content-type'], path).toBe('text/plain; charset=utf-8');
  }
  // The shell's own host never serves bundles (only frame sites do).
  const shell = await fetch(`${s.url}/deps/${a.hash}.js`);
  expect(shell.headers.get('content-type') ?? '').not.toMatch(/javascript/);
  await shell.body?.cancel();
  // Removed, the app's bundle is gone from its site too.
  const rooms = (await api('GET', '/api/rooms')).rooms as { id: string; name: string }[];
  const roomA = rooms.find((r) => r.name === 'Room A')?.id;
  await api('DELETE', `/api/rooms/${roomA}/apps/${a.appId}`);
  expect((await getOnAppHost(`/deps/${a.hash}.js`, a.appId)).status).toBe(404);
});
