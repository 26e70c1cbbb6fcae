import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureBuilt } from '../../build/ensureBuilt.ts';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { FRAME_DIR } from './frameHost.ts';

let s: TestServer;

beforeAll(async () => {
  // A fresh checkout runs unit tests before the build; build only then (a live build is never touched).
  if (!fs.existsSync(path.join(FRAME_DIR, 'frame.js'))) await ensureBuilt();
  s = await startTestServer();
}, 120_000);
afterAll(async () => s.close());

/** GET on an app's own host (Host: <app>.localhost:<port>), as the browser sends it. */
function getOnAppHost(pathname: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const port = new URL(s.url).port;
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path: pathname, headers: { host: `app1.localhost:${port}` } },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
        },
      )
      .on('error', reject);
  });
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
