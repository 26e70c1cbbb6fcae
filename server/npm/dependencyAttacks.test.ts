import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defined } from '../../test-support/defined.ts';
import { type RunningServer, spawnServer } from '../../test-support/spawnServer.ts';
import { TestRegistry } from '../../test-support/TestRegistry.ts';
import { apiClient } from '../../test-support/testClient.ts';
import { BUNDLER_IMPLICIT, REACT_VERSION } from '../domain/dependencies.ts';

// A real server process reading a real registry on loopback through the person's npm config
// (npm_config_userconfig), attacked with hostile specs in every place a spec can come from.
const PORT = 5361;
const TOKEN = 'dependency-attacks-owner-0123456789';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'room-dep-attacks-'));
const marker = path.join(tmp, 'MARKER');
const evilDir = path.join(tmp, 'evil-pkg');
const registry = new TestRegistry();
let canary: net.Server;
let canaryPort = 0;
let canaryHits = 0;
let server: RunningServer;
let owner: ReturnType<typeof apiClient>;
let roomId = '';

function basePackages() {
  const react = [
    { name: 'react', version: REACT_VERSION },
    { name: 'react-dom', version: REACT_VERSION, dependencies: { scheduler: '^0.27.0' } },
    { name: 'scheduler', version: '0.27.0' },
  ];
  const bundler = Object.entries(BUNDLER_IMPLICIT).map(([name, range]) => ({
    name,
    version: range.replace(/^\^/, ''),
  }));
  return [...react, ...bundler, { name: 'left-pad', version: '1.3.0', license: 'WTFPL' }];
}

function hostileSpecs(): Record<string, string> {
  return {
    file: `file:${evilDir}`,
    git: `git+http://127.0.0.1:${canaryPort}/repo.git`,
    tarball: `http://127.0.0.1:${canaryPort}/evil.tgz`,
    flag: `--registry=http://127.0.0.1:${canaryPort}/`,
    alias: 'npm:left-pad@1.3.0',
    shorthand: 'someone/repo',
    github: 'github:someone/repo',
  };
}

beforeAll(async () => {
  // What `npm pack` of a folder would run: its prepare script writes the marker.
  fs.mkdirSync(evilDir);
  fs.writeFileSync(
    path.join(evilDir, 'package.json'),
    JSON.stringify({
      name: 'evil',
      version: '1.0.0',
      scripts: { prepare: `touch ${marker}`, preinstall: `touch ${marker}`, postinstall: `touch ${marker}` },
    }),
  );
  canary = net.createServer((socket) => {
    canaryHits += 1;
    socket.destroy();
  });
  await new Promise<void>((r) => canary.listen(0, '127.0.0.1', r));
  canaryPort = (canary.address() as net.AddressInfo).port;
  registry.add(...basePackages());
  // Packages whose own manifests carry each hostile spec.
  for (const [kind, spec] of Object.entries(hostileSpecs()))
    registry.add({
      name: `host-${kind}`,
      version: '1.0.0',
      dependencies: { [kind === 'flag' ? spec : 'dep']: spec },
    });
  registry.add({ name: 'aliasing', version: '1.0.0', dependencies: { pad: 'npm:left-pad@^1.0.0' } });
  registry.add({ name: 'tampered', version: '1.0.0', tamper: true });
  // One package asking for more packages than a tree may hold.
  registry.add({
    name: 'everything',
    version: '1.0.0',
    dependencies: Object.fromEntries(Array.from({ length: 2500 }, (_, i) => [`pkg-${i}`, '1.0.0'])),
  });
  // A document for one name whose manifest claims to be left-pad, with other bytes.
  registry.add({ name: 'planter', version: '1.3.0', claimsName: 'left-pad' });
  await registry.start();
  const npmrc = path.join(tmp, 'npmrc');
  const host = new URL(registry.url).host;
  fs.writeFileSync(npmrc, `registry=${registry.url}/\n//${host}/:_authToken=npmrc-secret-token\n`);
  server = await spawnServer({
    PORT: String(PORT),
    ROOM_DATA_DIR: path.join(tmp, 'data'),
    ROOM_NPM_CACHE: path.join(tmp, 'npm-cache'),
    ROOM_OWNER_TOKEN: TOKEN,
    ROOM_DEMO: '0',
    npm_config_userconfig: npmrc,
  });
  owner = apiClient(server.url, { token: TOKEN });
  roomId = (await owner('POST', '/api/rooms', { name: 'Attacks' })).body.room.id;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await registry.stop();
  canary.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

let n = 0;
async function propose(files: Record<string, string>) {
  n += 1;
  return owner('POST', `/api/rooms/${roomId}/proposals`, {
    name: `App ${n}`,
    files,
    idempotency_key: `dep-attack-${n}`,
  });
}

const importing = (spec: string) => ({
  'src/App.tsx': `import x from '${spec}';\nexport default function App() { return <p>{String(x)}</p>; }\n`,
});

function expectNothingRan() {
  expect(fs.existsSync(marker), 'a package script ran on the server').toBe(false);
  expect(canaryHits, 'the server connected to an address a proposal named').toBe(0);
  // Only package documents and tarballs of valid names were read from the registry.
  for (const r of registry.requests)
    expect(r.path).toMatch(/^\/(@[a-z0-9-]+\/)?[a-z0-9][a-z0-9.-]*(\/-\/[\w.-]+\.tgz)?$/);
}

describe('hostile dependency specs are data, never commands', () => {
  it('refuses each one in package.json, naming the entry', async () => {
    for (const [kind, spec] of Object.entries(hostileSpecs())) {
      const asRange = await propose({
        ...importing('left-pad'),
        'package.json': JSON.stringify({ dependencies: { 'left-pad': spec } }),
      });
      expect(asRange.status, `${kind} as a range`).toBe(400);
      expect(asRange.body.code).toBe('invalid_dependency');
      expect(asRange.body.message).toContain('left-pad');
      const asName = await propose({
        ...importing('left-pad'),
        'package.json': JSON.stringify({ dependencies: { [spec]: '1.0.0' } }),
      });
      expect(asName.status, `${kind} as a name`).toBe(400);
      expect(asName.body.code).toBe('invalid_dependency');
    }
    expectNothingRan();
  });

  it('refuses an import specifier that would read as a flag; other schemes never reach npm', async () => {
    const flag = await propose(importing(hostileSpecs().flag as string));
    expect(flag.status).toBe(400);
    expect(flag.body.code).toBe('invalid_dependency');
    for (const spec of Object.values(hostileSpecs())) {
      const res = await propose(importing(spec));
      if (res.status === 201) expect(res.body.proposal.dependencies).toBeNull();
    }
    expectNothingRan();
  });

  it('refuses a package whose own manifest carries one, naming the package and the entry', async () => {
    for (const kind of Object.keys(hostileSpecs()).filter((k) => k !== 'alias')) {
      const res = await propose(importing(`host-${kind}`));
      expect(res.status, kind).toBe(400);
      expect(res.body.code, kind).toBe('invalid_dependency');
      expect(res.body.message).toContain(`host-${kind}@1.0.0 depends on`);
    }
    expectNothingRan();
  });

  it('resolves an npm: alias inside a manifest to its registry target, recorded as such', async () => {
    const res = await propose(importing('aliasing'));
    expect(res.status).toBe(201);
    const names = defined(res.body.proposal.packages).map(
      (p: { name: string; version: string }) => `${p.name}@${p.version}`,
    );
    expect(names).toContain('left-pad@1.3.0');
    expect(names).not.toContain('pad@1.3.0');
    expectNothingRan();
  });
});

describe('the whole tree is pinned at proposal time and only it is served', () => {
  it('records every package with its integrity and licence, direct first, read with the .npmrc token', async () => {
    const res = await propose(importing('left-pad'));
    expect(res.status).toBe(201);
    const packages = res.body.proposal.packages as {
      name: string;
      role: string;
      license: string;
      integrity: string;
    }[];
    expect(packages[0]).toMatchObject({ name: 'left-pad', role: 'direct', license: 'WTFPL' });
    expect(packages.find((p) => p.name === 'scheduler')).toMatchObject({ role: 'dependency' });
    expect(packages.find((p) => p.name === 'react-refresh')).toMatchObject({ role: 'bundler' });
    for (const p of packages) expect(p.integrity).toMatch(/^sha512-/);
    expect(res.body.proposal.dependencies).toEqual({
      'left-pad': '1.3.0',
      react: REACT_VERSION,
      'react-dom': REACT_VERSION,
    });
    expect(registry.requests.some((r) => r.authorization === 'Bearer npmrc-secret-token')).toBe(true);
  });

  it('serves an approved app only its own tree, behind its capability; anonymous requests never read the registry', async () => {
    const res = await propose(importing('left-pad'));
    await owner('POST', `/api/rooms/${roomId}/proposals/${res.body.proposal.id}/approve`);
    const app = defined(
      (await owner('GET', `/api/rooms/${roomId}`)).body.apps.find((a) => a.name === res.body.proposal.name),
    );
    expect(app.registry_url).toMatch(new RegExp(`^${server.url}/npm/${roomId}\\.${app.id}\\.[\\w-]{43}/$`));
    const doc = await (await fetch(`${app.registry_url}left-pad`)).json();
    expect(Object.keys(doc.versions)).toEqual(['1.3.0']);
    const tgz = await fetch(doc.versions['1.3.0'].dist.tarball);
    expect(tgz.status).toBe(200);
    expect(Buffer.from(await tgz.arrayBuffer())).toEqual(
      TestRegistry.tarballBytes({ name: 'left-pad', version: '1.3.0' }),
    );

    const before = registry.requests.length;
    for (const url of [
      `${app.registry_url}host-git`,
      `${app.registry_url}left-pad/-/left-pad-9.9.9.tgz`,
      `${server.url}/npm/left-pad`,
      `${server.url}/npm/unknown-package-${Date.now()}`,
      `${server.url}/npm/${roomId}.${app.id}.${'A'.repeat(43)}/left-pad`,
    ]) {
      const started = Date.now();
      expect((await fetch(url)).status, url).toBe(404);
      expect(Date.now() - started, 'a miss answers at once').toBeLessThan(2000);
    }
    expect(registry.requests.length, 'misses read nothing from the registry').toBe(before);
  });

  it('refuses a tarball that does not match its recorded integrity', async () => {
    const res = await propose(importing('tampered'));
    expect(res.status).toBe(201);
    await owner('POST', `/api/rooms/${roomId}/proposals/${res.body.proposal.id}/approve`);
    const app = defined(
      (await owner('GET', `/api/rooms/${roomId}`)).body.apps.find((a) => a.name === res.body.proposal.name),
    );
    const doc = await (await fetch(`${app.registry_url}tampered`)).json();
    expect((await fetch(doc.versions['1.0.0'].dist.tarball)).status).toBe(404);
    const cached = fs.readdirSync(path.join(tmp, 'npm-cache', 'tarballs'));
    const bytes = cached.map((f) => fs.readFileSync(path.join(tmp, 'npm-cache', 'tarballs', f), 'utf8'));
    expect(bytes.filter((b) => b.includes('tampered'))).toEqual([]);
  }, 20_000);

  it("refuses a document that plants another package's manifest; the approved package keeps its own bytes", async () => {
    const planted = await propose(importing('planter'));
    expect(planted.status).toBe(400);
    expect(planted.body.message).toContain('describes another package');
    const res = await propose(importing('left-pad'));
    await owner('POST', `/api/rooms/${roomId}/proposals/${res.body.proposal.id}/approve`);
    const app = defined(
      (await owner('GET', `/api/rooms/${roomId}`)).body.apps.find((a) => a.name === res.body.proposal.name),
    );
    const doc = await (await fetch(`${app.registry_url}left-pad`)).json();
    const tgz = Buffer.from(await (await fetch(doc.versions['1.3.0'].dist.tarball)).arrayBuffer());
    expect(tgz).toEqual(TestRegistry.tarballBytes({ name: 'left-pad', version: '1.3.0' }));
  });

  it('refuses a tree past its bound before reading the level that would pass it', async () => {
    const before = registry.requests.length;
    const res = await propose(importing('everything'));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('too_large');
    expect(res.body.message).toContain('more than 2000 packages');
    expect(registry.requests.length - before).toBeLessThan(30);
  });

  it('takes package names that are Object.prototype keys as names', async () => {
    for (const name of ['constructor', 'hasOwnProperty']) {
      const res = await propose(importing(name));
      expect(res.status, name).toBe(400);
      expect(res.body.code).toBe('unresolved_dependency');
    }
  });

  it("keeps the registry's own error text in the log, not in the answer", async () => {
    registry.failWith = { status: 500, body: 'INTERNAL-REGISTRY-DETAIL /srv/secret/path' };
    try {
      const res = await propose(importing(`never-seen-${Date.now()}`));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('unresolved_dependency');
      expect(JSON.stringify(res.body)).not.toContain('INTERNAL-REGISTRY-DETAIL');
    } finally {
      registry.failWith = undefined;
    }
  }, 20_000);
});
