import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { requestOnHost } from '../../test-support/requestOnHost.ts';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { SERVICE_WORKER_NAME } from './bundlerFiles.ts';
import { BUNDLER_DIR, sandpackFiles } from './sandpackHost.ts';

let s: TestServer;
let port: string;

beforeAll(async () => {
  s = await startTestServer();
  port = new URL(s.url).port;
});
afterAll(async () => s.close());

const ALL = fs
  .readdirSync(BUNDLER_DIR, { recursive: true, encoding: 'utf8' })
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => fs.statSync(path.join(BUNDLER_DIR, f)).isFile());

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request on app1's Sandpack site (Host: app1-sp.localhost:<port>), as the browser sends it. */
function onSite(
  pathname: string,
  opts: { method?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  return requestOnHost(port, `app1-sp.localhost:${port}`, pathname, opts);
}

function keepsCsp(reply: Reply, what: string): void {
  expect(reply.headers['content-security-policy'], `CSP on ${what}`).toContain("default-src 'self'");
  expect(reply.headers['service-worker-allowed'], `Service-Worker-Allowed on ${what}`).toBeUndefined();
}

it('serves no service-worker script of the bundler folder, by name, with the CSP on the 404', async () => {
  const workers = ALL.filter((f) => SERVICE_WORKER_NAME.test(path.posix.basename(f)));
  // CodeSandbox's relay (sw.<hash>.worker.js) and its two precache workers.
  expect(workers.some((f) => /^sw\.[0-9a-f]+\.worker\.js$/.test(f))).toBe(true);
  expect(workers).toEqual(expect.arrayContaining(['service-worker.js', 'sandbox-service-worker.js']));
  for (const f of workers) {
    const reply = await onSite(`/${f}`);
    expect(reply.status, f).toBe(404);
    keepsCsp(reply, f);
  }
});

it('refuses every request a browser makes for a service worker script, even for a served file', async () => {
  const worker = sandpackFiles().workers[0] as string;
  for (const pathname of ['/', '/index.html', `/${worker}`, '/static/js/sandbox.js', '/public/x.js']) {
    const reply = await onSite(pathname, { headers: { 'service-worker': 'script' } });
    expect(reply.status, pathname).toBe(403);
    expect(JSON.parse(reply.body).code).toBe('forbidden');
    keepsCsp(reply, pathname);
  }
});

it('serves the index and the files a run needs with the CSP; nothing else of the folder', async () => {
  for (const pathname of ['/', '/index.html', '/some/route']) {
    const doc = await onSite(pathname);
    expect(doc.status, pathname).toBe(200);
    expect(doc.body).toContain('IS_ONPREM:"true"');
    keepsCsp(doc, pathname);
  }
  const { served, workers } = sandpackFiles();
  expect(workers.length).toBeGreaterThan(0);
  for (const f of [...served]) {
    const reply = await onSite(`/${f}`, { method: 'HEAD' });
    expect(reply.status, f).toBe(200);
    expect(reply.headers['content-type'], f).toMatch(/^text\/javascript/);
    keepsCsp(reply, f);
  }
  const others = ALL.filter((f) => !served.has(f) && f !== 'index.html');
  expect(others.length).toBeGreaterThan(300);
  for (const f of others) {
    const reply = await onSite(`/${encodeURI(f)}`, { method: 'HEAD' });
    expect(reply.status, f).toBe(404);
    keepsCsp(reply, f);
  }
});

it('keeps the CSP on 404 and 405, and names its workers instead of allowing any same-site script', async () => {
  const missing = await onSite('/public/page.html');
  expect(missing.status).toBe(404);
  keepsCsp(missing, '404');
  const post = await onSite('/', { method: 'POST' });
  expect(post.status).toBe(405);
  keepsCsp(post, '405');
  const csp = String(post.headers['content-security-policy']);
  const workerSrc = csp.split('; ').find((d) => d.startsWith('worker-src')) ?? '';
  expect(workerSrc).not.toContain("'self'");
  expect(workerSrc).toContain(`http://app1-sp.localhost:${port}/${sandpackFiles().workers[0]}`);
  expect(await onSite('/../package.json')).toMatchObject({ status: 404 });
  expect(await onSite('/%2e%2e/%2e%2e/package.json')).toMatchObject({ status: 404 });
});
