import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageEntries, packTarball, type TarEntry } from '../../test-support/packTarball.ts';
import { type RunningServer, spawnServer } from '../../test-support/spawnServer.ts';
import { TestRegistry } from '../../test-support/TestRegistry.ts';
import { type Api, apiClient } from '../../test-support/testClient.ts';
import type { PackagesPath } from '../../validation/views.ts';
import { BUNDLER_IMPLICIT, REACT_VERSION } from '../domain/dependencies.ts';
import { openStore } from '../store/openStore.ts';
import { SCRATCH_PREFIX } from './buildBundle.ts';

// A real server process pre-building packages a loopback registry serves as real tarballs.
const PORT = Number(process.env.HOSTILE_PORT ?? 5371);
const TOKEN = 'hostile-packages-owner-token-0123456789abcdef';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'room-hostile-'));
// The server's (and its builders') temporary folder: every scratch folder they leave is seen here.
const serverTmp = path.join(tmp, 'tmp');
const dataDir = path.join(tmp, 'data');
const registry = new TestRegistry();
let server: RunningServer;
let owner: Api;
let roomId = '';

const dirEntry = (name: string): TarEntry => ({ header: { name, type: 'directory' } });
const manifest = (name: string) => ({
  name: 'package/package.json',
  text: JSON.stringify({ name, version: '1.0.0', module: 'index.js' }),
});
/** Each tarball once made the server exit: a folder the unpacker could not make was an uncaught exception. */
const CRASHES: Record<string, TarEntry[]> = {
  'dir-long-first': [dirEntry('package/'), dirEntry(`package/${'a'.repeat(300)}`)],
  'dir-long-after': [
    dirEntry('package/'),
    dirEntry('package/lib/'),
    dirEntry(`package/lib/${'a'.repeat(300)}/`),
  ],
  'dir-over-file': [
    manifest('dir-over-file'),
    { name: 'package/index.js', text: 'x' },
    dirEntry('package/index.js/'),
  ],
  'path-too-long': [dirEntry('package/'), dirEntry(`package/${`${'d'.repeat(200)}/`.repeat(25)}`)],
};

const env = () => ({
  PORT: String(PORT),
  ROOM_DATA_DIR: dataDir,
  ROOM_NPM_CACHE: path.join(tmp, 'npm-cache'),
  ROOM_OWNER_TOKEN: TOKEN,
  ROOM_DEMO: '0',
  npm_config_userconfig: path.join(tmp, 'npmrc'),
  TMPDIR: serverTmp,
});

beforeAll(async () => {
  fs.mkdirSync(serverTmp);
  const base = [
    { name: 'react', version: REACT_VERSION },
    { name: 'react-dom', version: REACT_VERSION, dependencies: { scheduler: '^0.27.0' } },
    { name: 'scheduler', version: '0.27.0' },
    ...Object.entries(BUNDLER_IMPLICIT).map(([name, range]) => ({ name, version: range.replace(/^\^/, '') })),
  ];
  registry.add(...base);
  for (const [name, entries] of Object.entries(CRASHES))
    registry.add({ name, version: '1.0.0', tarball: await packTarball(entries) });
  const pkg = (name: string, index: string) => ({
    name,
    version: '1.0.0',
    fields: { module: 'index.js' },
    tarball: undefined as Buffer | undefined,
    files: {
      'package.json': JSON.stringify({ name, version: '1.0.0', module: 'index.js' }),
      'index.js': index,
    },
  });
  for (const p of [
    pkg('fine', "export const fine = () => 'FINE_MARKER';\n"),
    // Two megabytes nested a million deep: esbuild's service died of it, and pre-bundling with it.
    pkg('deep', `export default ${'['.repeat(1_000_000)}${']'.repeat(1_000_000)};\n`),
    // 12 MB of code: a build of a few seconds, to stop the server in the middle of.
    pkg(
      'slow',
      Array.from({ length: 300_000 }, (_, i) => `export const v${i} = { n: ${i}, s: 'v${i}' };`).join('\n'),
    ),
  ])
    registry.add({ ...p, tarball: await packTarball(packageEntries(p.files)) });
  await registry.start();
  fs.writeFileSync(path.join(tmp, 'npmrc'), `registry=${registry.url}/\n`);
  // Left by builders no longer running (swept at start), and by a live one (this process: kept).
  for (const stale of [
    `${SCRATCH_PREFIX}4194000-gone`,
    `${SCRATCH_PREFIX}x`,
    `${SCRATCH_PREFIX}${process.pid}-live`,
  ])
    fs.mkdirSync(path.join(serverTmp, stale, 'node_modules'), { recursive: true });
  // An earlier version's name (no process id), an hour old.
  const hourAgo = new Date(Date.now() - 3600_000);
  fs.utimesSync(path.join(serverTmp, `${SCRATCH_PREFIX}x`), hourAgo, hourAgo);
  server = await spawnServer(env());
  owner = apiClient(server.url, { token: TOKEN });
  roomId = (await owner('POST', '/api/rooms', { name: 'Hostile packages' })).body.room.id;
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await registry.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

let n = 0;
/** Proposes and approves an app importing `name`; its app id and the note its About shows. */
async function approve(
  name: string,
): Promise<{ appId: string; proposalId: string; path: PackagesPath | null; note: string | null }> {
  n += 1;
  const files = {
    'src/App.tsx': `import * as m from '${name}';\nexport default function App() { return <p>{String(m)}</p>; }\n`,
  };
  const proposed = await owner('POST', `/api/rooms/${roomId}/proposals`, {
    name: `App ${n}`,
    files,
    idempotency_key: `hostile-${n}`,
  });
  expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
  const proposalId = proposed.body.proposal.id;
  const approved = await owner('POST', `/api/rooms/${roomId}/proposals/${proposalId}/approve`);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const appId = approved.body.app.id;
  const about = (await owner('GET', `/api/rooms/${roomId}/apps/${appId}/about`)).body.about;
  return { appId, proposalId, path: about.packages_path, note: about.packages_note };
}

async function answers(): Promise<void> {
  const started = Date.now();
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  expect(Date.now() - started).toBeLessThan(1000);
}

const scratchLeft = () =>
  fs.readdirSync(serverTmp).filter((f) => f.startsWith(SCRATCH_PREFIX) && !f.endsWith('-live'));

describe('hostile packages at approval, through a real server process', () => {
  it('refuses each tarball that crashed the server in the note, naming no server path, and keeps answering', async () => {
    for (const name of Object.keys(CRASHES)) {
      const app = await approve(name);
      expect(app.path, name).toBe('sandpack');
      expect(app.note, name).toMatch(
        new RegExp(
          `^Runs in Sandpack: the packages could not be pre-built \\(${name}@1\\.0\\.0: package/.*(cannot be unpacked on this server \\(E[A-Z]+\\)|names a file too)\\)$`,
        ),
      );
      expect(app.note).not.toContain(tmp);
      await answers();
    }
    expect(scratchLeft()).toEqual([]);
    expect(fs.existsSync(path.join(serverTmp, `${SCRATCH_PREFIX}${process.pid}-live`))).toBe(true);
  }, 60_000);

  it('leaves the next build working after a file that killed esbuild', async () => {
    const deep = await approve('deep');
    expect(deep.note).toBe(
      'Runs in Sandpack: the packages could not be pre-built (deep@1.0.0: package/index.js: nests brackets more than 1000 deep)',
    );
    const fine = await approve('fine');
    expect(fine).toMatchObject({ path: 'bundle', note: null });
    expect(scratchLeft()).toEqual([]);
  }, 60_000);

  it('reads an app approved before pre-bundling whose build fails, before and after a restart, without crashing', async () => {
    const { appId, proposalId } = await approve('dir-long-first');
    for (const restart of [false, true]) {
      if (restart) await server.stop();
      // First as the "package bundles" migration leaves rows approved before it (no path, no bundle, no note,
      // no build counted); after the restart as a server killed mid-build leaves it (its build counted).
      const store = await openStore({ dataDir });
      await store.db
        .updateTable('proposals')
        .set({ packages_path: null, bundle_hash: null, bundle_note: null })
        .$if(!restart, (q) => q.set({ bundle_attempts: 0 }))
        .where('id', '=', proposalId)
        .execute();
      await store.close();
      if (restart) {
        fs.mkdirSync(path.join(serverTmp, `${SCRATCH_PREFIX}4194001-gone`));
        server = await spawnServer(env());
      }
      // The first read starts its build in the background; the later one comes after it ended.
      for (let read = 0; read < 2; read++) {
        const room = await owner('GET', `/api/rooms/${roomId}`);
        expect(room.status).toBe(200);
        expect(room.body.apps.find((a: { id: string }) => a.id === appId)?.packages_path).toBe('sandpack');
        await answers();
        await new Promise((r) => setTimeout(r, 1500));
      }
      await answers();
      const about = (await owner('GET', `/api/rooms/${roomId}/apps/${appId}/about`)).body.about;
      // After the restart no read started its build again (the retry job's, a minute on): nothing recorded.
      expect(about.packages_path).toBe(restart ? null : 'sandpack');
      expect(JSON.stringify(about)).not.toContain(tmp);
      expect(scratchLeft()).toEqual([]);
    }
  }, 90_000);

  // Last: it stops the server.
  it('stopped with SIGTERM mid-build, the server leaves no builder, esbuild service or scratch folder', async () => {
    n += 1;
    const files = { 'src/App.tsx': "import * as m from 'slow';\nexport default () => <p>{String(m)}</p>;\n" };
    const proposed = await owner('POST', `/api/rooms/${roomId}/proposals`, {
      name: `App ${n}`,
      files,
      idempotency_key: `hostile-${n}`,
    });
    void owner('POST', `/api/rooms/${roomId}/proposals/${proposed.body.proposal.id}/approve`).catch(() => {});
    const building = () => scratchLeft().find((f) => fs.existsSync(path.join(serverTmp, f, 'entry.mjs')));
    expect(await until(() => building() !== undefined, 30_000)).toBe(true);
    const builder = Number(/-(\d+)-/.exec(building() as string)?.[1]);
    // esbuild's service runs in the builder's process group: the group is what must end.
    const group = () => {
      try {
        process.kill(-builder, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(group()).toBe(true);
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(await until(() => !group() && scratchLeft().length === 0, 10_000)).toBe(true);
  }, 90_000);
});

/** Waits up to `ms` for `done`. */
async function until(done: () => boolean, ms: number): Promise<boolean> {
  for (const start = Date.now(); Date.now() - start < ms; await new Promise((r) => setTimeout(r, 20)))
    if (done()) return true;
  return done();
}
