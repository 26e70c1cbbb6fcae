import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defined } from '../../test-support/defined.ts';
import { packageEntries, packTarball } from '../../test-support/packTarball.ts';
import { requestOnHost } from '../../test-support/requestOnHost.ts';
import { roomFixture } from '../../test-support/roomFixture.ts';
import { BUNDLER_IMPLICIT, REACT_VERSION } from '../domain/dependencies.ts';
import {
  PACKAGE_BUILD_ATTEMPTS,
  PACKAGE_RETRY_AFTER_MS,
  retryPackageBuilds,
} from '../domain/legacyPackages.ts';
import { NpmCache } from '../npm/NpmCache.ts';
import type { SqlStore } from '../store/SqlStore.ts';

// Real packages, built for real: one esbuild can bundle, one that needs a Node built-in.
const PACKAGES: Record<string, Record<string, string>> = {
  'mini-dates': {
    'package.json': JSON.stringify({ name: 'mini-dates', version: '1.0.0', module: 'index.js' }),
    'index.js': "export function format(d) { return 'MINI_FORMAT:' + d; }\n",
  },
  'needs-fs': {
    'package.json': JSON.stringify({ name: 'needs-fs', version: '1.0.0', main: 'index.js' }),
    'index.js': "const fs = require('fs');\nexports.read = () => fs.readFileSync('x');\n",
  },
};

let dir: string;
const f = roomFixture('Legacy');

/** Writes a package into the cache as `npm run sandpack:cache` leaves it (offline: nothing is fetched). */
async function seed(name: string, version: string, tgz: Buffer, extra: Record<string, unknown> = {}) {
  const mdir = path.join(dir, 'manifests', encodeURIComponent(name));
  fs.mkdirSync(mdir, { recursive: true });
  const integrity = `sha512-${createHash('sha512').update(tgz).digest('base64')}`;
  const dist = { integrity, tarball: `https://registry.example/${name}/-/x-${version}.tgz` };
  fs.writeFileSync(path.join(mdir, `${version}.json`), JSON.stringify({ name, version, ...extra, dist }));
  fs.mkdirSync(path.join(dir, 'tarballs'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'tarballs', `${createHash('sha256').update(integrity).digest('hex')}.tgz`),
    tgz,
  );
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-legacy-'));
  for (const [name, files] of Object.entries(PACKAGES))
    await seed(name, '1.0.0', await packTarball(packageEntries(files)), { main: 'index.js' });
  for (const name of ['react', 'react-dom']) await seed(name, REACT_VERSION, Buffer.from(name));
  for (const [name, range] of Object.entries(BUNDLER_IMPLICIT))
    await seed(name, range.replace(/^\^/, ''), Buffer.from(name));
  f.s.deps.npm = new NpmCache({ dir, offline: true });
});
afterEach(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * An app approved before pre-bundling existed: approved, then its row put back as the migration
 * "package bundles" leaves old rows (no path, no bundle, no note) with no bundle stored.
 */
async function legacyApp(pkg: string): Promise<string> {
  const res = await f.owner('POST', `/api/rooms/${f.roomId}/proposals`, {
    name: `Uses ${pkg}`,
    files: {
      'src/App.tsx': `import { ${pkg === 'mini-dates' ? 'format' : 'read'} } from '${pkg}';\nexport default () => null;\n`,
      'package.json': JSON.stringify({ dependencies: { [pkg]: '1.0.0' } }),
    },
    idempotency_key: `legacy-${pkg}`,
  });
  const approved = await f.owner('POST', `/api/rooms/${f.roomId}/proposals/${res.body.proposal.id}/approve`);
  expect(approved.status).toBe(200);
  const db = (f.s.deps.store as SqlStore).db;
  await db
    .updateTable('proposals')
    .set({ packages_path: null, bundle_hash: null, bundle_note: null })
    .where('id', '=', res.body.proposal.id)
    .execute();
  await db.deleteFrom('package_bundles').execute();
  return approved.body.app.id;
}

/** The room's `app.packages` events, waiting (woken by the server's own bus) until there are `n`. */
async function packagesEvents(n: number) {
  for (let tries = 0; tries < 20; tries++) {
    const woken = f.s.deps.bus.waitFor(f.roomId, 5000);
    const { events } = (await f.owner('GET', `/api/rooms/${f.roomId}/events?after=0`)).body;
    const found = events.filter((e: { type: string }) => e.type === 'app.packages');
    if (found.length >= n) return found;
    await woken;
  }
  throw new Error('no app.packages event');
}

/** GET on the app's own frame site, sending its Host as the browser does (no DNS for *.localhost here). */
function getOnAppHost(url: URL): Promise<{ status: number; body: string }> {
  return requestOnHost(url.port, url.host, url.pathname);
}

/** The proposal an app's current version runs. */
const proposalOf = async (appId: string) =>
  (
    await (f.s.deps.store as SqlStore).db
      .selectFrom('instances')
      .select('proposal_id')
      .where('id', '=', appId)
      .executeTakeFirstOrThrow()
  ).proposal_id;

const launcherApp = async (appId: string) =>
  defined(
    (await f.owner('GET', `/api/rooms/${f.roomId}`)).body.apps.find((a) => a.id === appId),
    'launcher app',
  );

// Each build starts a builder process (about a second on a loaded 2-core machine), some tests several.
describe('apps approved before pre-bundling', { timeout: 30_000 }, () => {
  it('open with Sandpack once, build in the background, then take the bundle path', async () => {
    const appId = await legacyApp('mini-dates');
    const first = await launcherApp(appId);
    expect(first.packages_path).toBe('sandpack');
    expect(first.dependencies).toMatchObject({ 'mini-dates': '1.0.0' });
    expect(first.packages_url).toBeNull();

    const [event] = await packagesEvents(1);
    expect(event?.data).toEqual({ app_id: appId, packages_path: 'bundle' });
    const next = await launcherApp(appId);
    expect(next.packages_path).toBe('bundle');
    expect(next.dependencies).toBeNull();
    const bundle = await getOnAppHost(new URL(defined(next.packages_url, 'packages_url')));
    expect(bundle.status).toBe(200);
    expect(bundle.body).toContain('MINI_FORMAT:');
    // Recorded: later reads build nothing more and send no other event.
    await launcherApp(appId);
    expect(await packagesEvents(1)).toHaveLength(1);
  });

  it('record Sandpack with the reason when the build fails', async () => {
    const appId = await legacyApp('needs-fs');
    expect((await launcherApp(appId)).packages_path).toBe('sandpack');
    const [event] = await packagesEvents(1);
    expect(event?.data).toEqual({ app_id: appId, packages_path: 'sandpack' });
    expect((await launcherApp(appId)).dependencies).toMatchObject({ 'needs-fs': '1.0.0' });
    const about = (await f.owner('GET', `/api/rooms/${f.roomId}/apps/${appId}/about`)).body.about;
    expect(about.packages_path).toBe('sandpack');
    expect(about.packages_note).toMatch(/could not be pre-built.*fs/);
  });

  it('stay as they are while ROOM_PACKAGE_BUNDLES=0, and move once bundles are on', async () => {
    const appId = await legacyApp('mini-dates');
    f.s.deps.packageBundles = false;
    expect((await launcherApp(appId)).packages_path).toBe('sandpack');
    const { events } = (await f.owner('GET', `/api/rooms/${f.roomId}/events?after=0`)).body;
    expect(events.filter((e: { type: string }) => e.type === 'app.packages')).toEqual([]);
    const about = (await f.owner('GET', `/api/rooms/${f.roomId}/apps/${appId}/about`)).body.about;
    expect(about.packages_note).toBeNull();
    f.s.deps.packageBundles = true;
    await launcherApp(appId);
    // Had the run with bundles off recorded anything, its event would come first.
    expect((await packagesEvents(1)).map((e: { data: object }) => e.data)).toEqual([
      { app_id: appId, packages_path: 'bundle' },
    ]);
  });

  it('are not built again by reads after a build that never finished; the retry job takes them up', async () => {
    const appId = await legacyApp('mini-dates');
    const proposalId = await proposalOf(appId);
    // As a server leaves it when a build kills it: counted, the next start a minute away, nothing recorded.
    const db = (f.s.deps.store as SqlStore).db;
    const firstWait = PACKAGE_RETRY_AFTER_MS[0] as number;
    const retryAt = f.s.deps.now() + firstWait;
    await db
      .updateTable('proposals')
      .set({ bundle_attempts: 1, bundle_retry_at: retryAt })
      .where('id', '=', proposalId)
      .execute();
    for (let i = 0; i < 3; i++) expect((await launcherApp(appId)).packages_path).toBe('sandpack');
    expect(await retryPackageBuilds(f.s.deps)).toBe(0);
    const { events } = (await f.owner('GET', `/api/rooms/${f.roomId}/events?after=0`)).body;
    expect(events.filter((e: { type: string }) => e.type === 'app.packages')).toEqual([]);
    expect((await f.s.deps.store.getProposal(proposalId))?.bundleAttempts).toBe(1);

    f.s.advance(firstWait);
    expect(await retryPackageBuilds(f.s.deps)).toBe(1);
    // The unfinished build is on record first (durably, for the app menu), then the retry's bundle.
    expect((await packagesEvents(2)).map((e: { data: object }) => e.data)).toEqual([
      { app_id: appId, packages_path: 'sandpack' },
      { app_id: appId, packages_path: 'bundle' },
    ]);
    expect(await f.s.deps.store.getProposal(proposalId)).toMatchObject({
      packagesPath: 'bundle',
      bundleNote: null,
      bundleAttempts: 2,
    });
  });

  it('retry a failed build a few times with backoff, then leave it on Sandpack with the reason', async () => {
    const appId = await legacyApp('needs-fs');
    await launcherApp(appId);
    await packagesEvents(1);
    const proposalId = await proposalOf(appId);
    const started = [1];
    for (const wait of [...PACKAGE_RETRY_AFTER_MS, 24 * 3600_000]) {
      // Not before its time, by any number of reads or job runs.
      await launcherApp(appId);
      expect(await retryPackageBuilds(f.s.deps)).toBe(0);
      f.s.advance(wait);
      await retryPackageBuilds(f.s.deps);
      started.push((await f.s.deps.store.getProposal(proposalId))?.bundleAttempts ?? -1);
    }
    expect(started).toEqual([1, 2, 3, 3]);
    expect(started.at(-1)).toBe(PACKAGE_BUILD_ATTEMPTS);
    const about = (await f.owner('GET', `/api/rooms/${f.roomId}/apps/${appId}/about`)).body.about;
    expect(about.packages_path).toBe('sandpack');
    expect(about.packages_note).toMatch(/could not be pre-built.*fs/);
    // Each failure kept the same path: open launchers heard of it once.
    expect(await packagesEvents(1)).toHaveLength(1);
  });

  it('are built by one server when several race for the same version', async () => {
    const appId = await legacyApp('mini-dates');
    const proposalId = await proposalOf(appId);
    const store = f.s.deps.store;
    const claims = await Promise.all([0, 1, 2].map(() => store.claimPackageBuild(proposalId, 0, 1)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});

describe('approvals with packages', { timeout: 30_000 }, () => {
  it('answer a repeated approval of a proposal whose packages are building with 409 at once, building once', async () => {
    const res = await f.owner('POST', `/api/rooms/${f.roomId}/proposals`, {
      name: 'Uses mini-dates',
      files: {
        'src/App.tsx': "import { format } from 'mini-dates';\nexport default () => format(1);\n",
        'package.json': JSON.stringify({ dependencies: { 'mini-dates': '1.0.0' } }),
      },
      idempotency_key: 'approve-twice',
    });
    const path = `/api/rooms/${f.roomId}/proposals/${res.body.proposal.id}/approve` as const;
    const order: number[] = [];
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        f.owner('POST', path).then((r) => {
          order.push(r.status);
          return r;
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    // The repeats did not wait for a build of their own: they came back before the one approval.
    expect(order).toEqual([409, 409, 200]);
    expect(answers.find((r) => r.status === 409)?.body.message).toMatch(/being approved already/);
    expect(answers.find((r) => r.status === 200)?.body.app.packages_path).toBe('bundle');
  });
});
