import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { packageEntries, packTarball } from '../../test-support/packTarball.ts';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { TestRegistry } from '../../test-support/TestRegistry.ts';
import { type Api, apiClient } from '../../test-support/testClient.ts';
import { BUNDLER_IMPLICIT, REACT_VERSION } from '../domain/dependencies.ts';
import { NpmCache } from './NpmCache.ts';
import { RegistryClient } from './RegistryClient.ts';

// An in-process server (its event loop and CPU time are this process's) approving a package of 19,990
// empty files: unpacking and removing them ran on the server's loop, /healthz stalling for every room.
const registry = new TestRegistry();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'room-responsive-'));
let s: TestServer;
let owner: Api;
let roomId = '';

beforeAll(async () => {
  registry.add(
    { name: 'react', version: REACT_VERSION },
    { name: 'react-dom', version: REACT_VERSION, dependencies: { scheduler: '^0.27.0' } },
    { name: 'scheduler', version: '0.27.0' },
    ...Object.entries(BUNDLER_IMPLICIT).map(([name, range]) => ({ name, version: range.replace(/^\^/, '') })),
  );
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'many-files', version: '1.0.0', module: 'index.js' }),
    'index.js': "export const many = 'MANY_MARKER';\n",
  };
  for (let i = 0; i < 19_990; i++) files[`f${i}.js`] = '';
  const tarball = await packTarball(packageEntries(files));
  registry.add({ name: 'many-files', version: '1.0.0', fields: { module: 'index.js' }, tarball });
  await registry.start();
  s = await startTestServer();
  s.deps.npm = new NpmCache({
    dir: path.join(tmp, 'npm-cache'),
    offline: false,
    registry: new RegistryClient(async () => ({ registry: `${registry.url}/` })),
  });
  owner = apiClient(s.url, { token: s.ownerToken });
  roomId = (await owner('POST', '/api/rooms', { name: 'Responsive' })).body.room.id;
}, 60_000);

afterAll(async () => {
  await s?.close();
  await registry.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

it('keeps the server responsive while a 20,000-file package is approved and built', async () => {
  const files = {
    'src/App.tsx': "import { many } from 'many-files';\nexport default () => <p>{many}</p>;\n",
  };
  const proposed = await owner('POST', `/api/rooms/${roomId}/proposals`, {
    name: 'Many',
    files,
    idempotency_key: 'many-files-approval',
  });
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const cpu = process.cpuUsage();
  let approving = true;
  const healthz: number[] = [];
  const pings = (async () => {
    while (approving) {
      const started = performance.now();
      expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
      healthz.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const approved = await owner('POST', `/api/rooms/${roomId}/proposals/${proposed.body.proposal.id}/approve`);
  approving = false;
  await pings;
  delay.disable();
  const used = process.cpuUsage(cpu);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const about = (await owner('GET', `/api/rooms/${roomId}/apps/${approved.body.app.id}/about`)).body.about;
  expect(about).toMatchObject({ packages_path: 'bundle', packages_note: null });
  expect(healthz.length).toBeGreaterThan(3);
  expect(Math.max(...healthz)).toBeLessThan(1000);
  expect(delay.percentile(99) / 1e6).toBeLessThan(50);
  // One block of the loop is one sample of the histogram: the longest is bounded too.
  expect(delay.max / 1e6).toBeLessThan(750);
  // Nothing on the server's side grows with the package: in-process it took 1.6-4 s of CPU, apart 0.4 s.
  expect((used.user + used.system) / 1000).toBeLessThan(1200);
}, 60_000);
