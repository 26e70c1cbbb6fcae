import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defined } from '../../test-support/defined.ts';
import { startTestServer, type TestServer } from '../../test-support/startTestServer.ts';
import { apiClient } from '../../test-support/testClient.ts';
import { BUNDLER_IMPLICIT, REACT_VERSION } from '../domain/dependencies.ts';
import { NpmCache } from './NpmCache.ts';

let s: TestServer;
let dir: string;

// A cache as `npm run sandpack:cache` leaves it: lean manifests with integrity hashes, and tarballs.
function seed(name: string, version: string, extra: Record<string, unknown> = {}) {
  const mdir = path.join(dir, 'manifests', encodeURIComponent(name));
  fs.mkdirSync(mdir, { recursive: true });
  const tgz = `tgz ${name}`;
  const integrity = `sha512-${createHash('sha512').update(tgz).digest('base64')}`;
  const dist = { integrity, tarball: `https://registry.example/${name}/-/x-${version}.tgz` };
  fs.writeFileSync(path.join(mdir, `${version}.json`), JSON.stringify({ name, version, ...extra, dist }));
  fs.mkdirSync(path.join(dir, 'tarballs'), { recursive: true });
  const file = `${createHash('sha256').update(integrity).digest('hex')}.tgz`;
  fs.writeFileSync(path.join(dir, 'tarballs', file), tgz);
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-npm-'));
  seed('date-fns', '3.6.0', { main: 'index.js' });
  seed('date-fns', '2.30.0');
  seed('@scope/pkg', '1.0.0');
  seed('use-immer', '0.11.0', {
    peerDependencies: { immer: '>=8.0.0', react: '^18 || ^19', ghost: '*' },
    peerDependenciesMeta: { ghost: { optional: true } },
  });
  seed('immer', '10.1.1');
  seed('react', REACT_VERSION);
  seed('react-dom', REACT_VERSION);
  for (const [name, range] of Object.entries(BUNDLER_IMPLICIT)) seed(name, range.replace(/^\^/, ''));
  s = await startTestServer();
  // Offline: the test never runs npm, it serves and resolves from the seeded cache only.
  s.deps.npm = new NpmCache({ dir, offline: true });
});
afterEach(async () => s.close());

/** An approved app importing date-fns (^2, from package.json) and a scoped package; its registry path. */
async function approvedApp(): Promise<string> {
  const owner = apiClient(s.url, { token: s.ownerToken });
  const roomId = (await owner('POST', '/api/rooms', { name: 'Registry' })).body.room.id;
  const res = await owner('POST', `/api/rooms/${roomId}/proposals`, {
    name: 'Dates',
    files: {
      'src/App.tsx':
        "import { format } from 'date-fns';\nimport x from '@scope/pkg';\nexport default () => null;\n",
      'package.json': JSON.stringify({ dependencies: { 'date-fns': '^2.0.0' } }),
    },
    idempotency_key: 'registry-app',
  });
  await owner('POST', `/api/rooms/${roomId}/proposals/${res.body.proposal.id}/approve`);
  return defined(defined((await owner('GET', `/api/rooms/${roomId}`)).body.apps[0]).registry_url);
}

describe('npm registry endpoint', () => {
  it('answers CORS preflights: the bundler sends Content-Type on every GET', async () => {
    const res = await fetch(`${await approvedApp()}date-fns`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://a-sp.localhost:1',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('*');
  });

  it("serves only the app's reviewed versions, with tarballs pointing back through its path", async () => {
    const registry = await approvedApp();
    const res = await fetch(`${registry}date-fns`, { headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
    const doc = await res.json();
    // 3.6.0 is cached too, but the app was reviewed with 2.30.0.
    expect(Object.keys(doc.versions)).toEqual(['2.30.0']);
    expect(doc['dist-tags']).toEqual({ latest: '2.30.0' });
    const tarball = doc.versions['2.30.0'].dist.tarball as string;
    expect(tarball).toBe(`${registry}date-fns/-/date-fns-2.30.0.tgz`);
    expect(doc.versions['2.30.0'].dist.integrity).toMatch(/^sha512-/);
    const tgz = await fetch(tarball);
    expect(tgz.status).toBe(200);
    expect(await tgz.text()).toBe('tgz date-fns');
  });

  it('serves scoped packages with the slash encoded or not', async () => {
    const registry = await approvedApp();
    for (const p of ['@scope%2fpkg', '@scope/pkg']) {
      const doc = await (await fetch(`${registry}${p}`)).json();
      expect(Object.keys(doc.versions)).toEqual(['1.0.0']);
      expect((await fetch(doc.versions['1.0.0'].dist.tarball)).status).toBe(200);
    }
  });

  it('answers 404 for anything outside the tree, and for every path without a valid capability', async () => {
    const registry = await approvedApp();
    for (const url of [
      `${registry}left-pad`,
      `${registry}date-fns/-/date-fns-3.6.0.tgz`,
      `${registry}..%2f..%2fetc`,
      `${s.url}/npm/date-fns`,
      `${s.url}/npm/date-fns/-/date-fns-2.30.0.tgz`,
      `${registry.replace(/\.[\w-]{43}\/$/, `.${'x'.repeat(43)}/`)}date-fns`,
    ])
      expect((await fetch(url)).status, url).toBe(404);
  });
});

describe('dependencies recorded at proposal time', () => {
  it('pins bare imports and package.json ranges to exact versions, React to the runtime', async () => {
    const owner = apiClient(s.url, { token: s.ownerToken });
    const roomId = (await owner('POST', '/api/rooms', { name: 'Deps' })).body.room.id;
    const files = {
      'src/App.tsx':
        "import { format } from 'date-fns';\nimport x from '@scope/pkg/sub';\nexport default function App() { return <p>{format(new Date(), 'yyyy')}{x}</p>; }\n",
      'package.json': JSON.stringify({
        dependencies: {
          'date-fns': '^2.0.0',
          '@scope/pkg': '^1.0.0',
          react: '^18',
          'react-scripts': '^5.0.0',
        },
      }),
    };
    const res = await owner('POST', `/api/rooms/${roomId}/proposals`, {
      name: 'Dates',
      files,
      idempotency_key: 'deps-key-1',
    });
    expect(res.status).toBe(201);
    const expected = {
      '@scope/pkg': '1.0.0',
      'date-fns': '2.30.0',
      react: REACT_VERSION,
      'react-dom': REACT_VERSION,
    };
    expect(res.body.proposal.dependencies).toEqual(expected);
    const pending = await owner('GET', `/api/rooms/${roomId}/proposals?state=pending`);
    expect(pending.body.proposals[0]?.dependencies).toEqual(expected);
    const approved = await owner('POST', `/api/rooms/${roomId}/proposals/${res.body.proposal.id}/approve`);
    const launcher = await owner('GET', `/api/rooms/${roomId}`);
    const app = defined(launcher.body.apps.find((a) => a.id === approved.body.app.id));
    expect(app.dependencies).toEqual(expected);
    expect(app.sandpack_url).toMatch(new RegExp(`^http://${app.id}-sp\\.localhost:\\d+/$`));
  });

  it('offline, resolves latest to the newest cached release, and ranges among the versions it holds', async () => {
    seed('left-pad', '1.3.0');
    seed('left-pad', '2.0.0-beta.1');
    seed('left-pad', '1.1.0');
    const cache = new NpmCache({ dir, offline: true });
    const version = async (range: string) => (await cache.pick('left-pad', range)).version;
    expect(await version('latest')).toBe('1.3.0');
    expect(await version('1.1.0')).toBe('1.1.0');
    expect(await version('^1.0.0')).toBe('1.3.0');
    await expect(cache.pick('nothing-here', 'latest')).rejects.toThrow('offline mode');
    // A "version" that walks out of the package's folder is not a version.
    await expect(cache.pick('left-pad', '../../resolved')).rejects.toThrow('offline mode');
  });

  it('offline, orders versions as semver does: numerically, a release after its prereleases', async () => {
    seed('left-pad', '1.9.0');
    seed('left-pad', '1.10.0-rc.1');
    seed('left-pad', '1.10.0');
    seed('left-pad', '1.10.1-beta.2');
    const cache = new NpmCache({ dir, offline: true });
    expect((await cache.pick('left-pad', 'latest')).version).toBe('1.10.0');
  });

  it('pins required peers too: the bundler installs none itself', async () => {
    const owner = apiClient(s.url, { token: s.ownerToken });
    const roomId = (await owner('POST', '/api/rooms', { name: 'Peers' })).body.room.id;
    const res = await owner('POST', `/api/rooms/${roomId}/proposals`, {
      name: 'Notes',
      files: {
        'src/App.tsx':
          "import { useImmer } from 'use-immer';\nexport default function App() { return null; }\n",
      },
      idempotency_key: 'deps-key-4',
    });
    expect(res.body.proposal.dependencies).toEqual({
      immer: '10.1.1',
      react: REACT_VERSION,
      'react-dom': REACT_VERSION,
      'use-immer': '0.11.0',
    });
  });

  it('records nothing for an app the runtime serves itself', async () => {
    const owner = apiClient(s.url, { token: s.ownerToken });
    const roomId = (await owner('POST', '/api/rooms', { name: 'Plain' })).body.room.id;
    const res = await owner('POST', `/api/rooms/${roomId}/proposals`, {
      name: 'Plain',
      files: {
        'src/App.tsx': "import { useState } from 'react';\nexport default function App() { return null; }\n",
      },
      idempotency_key: 'deps-key-2',
    });
    expect(res.body.proposal.dependencies).toBeNull();
  });

  it('rejects a dependency that cannot be resolved, naming it', async () => {
    const owner = apiClient(s.url, { token: s.ownerToken });
    const roomId = (await owner('POST', '/api/rooms', { name: 'Bad' })).body.room.id;
    const res = await owner('POST', `/api/rooms/${roomId}/proposals`, {
      name: 'Confetti',
      files: {
        'src/App.tsx': "import c from 'canvas-confetti';\nexport default function App() { return null; }\n",
      },
      idempotency_key: 'deps-key-3',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('unresolved_dependency');
    expect(res.body.message).toContain('canvas-confetti@latest');
    expect((await owner('GET', `/api/rooms/${roomId}/proposals?state=all`)).body.proposals).toEqual([]);
  });
});
