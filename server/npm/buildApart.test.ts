import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTarballs, pinned } from '../../test-support/localTarballs.ts';
import { packageEntries, packTarball } from '../../test-support/packTarball.ts';
import { buildBundleApart } from './buildApart.ts';
import { BUNDLE_LIMITS, BundleFailed, SCRATCH_PREFIX } from './buildBundle.ts';

const PACKAGES: Record<string, Record<string, string>> = {
  fine: {
    'package.json': JSON.stringify({ name: 'fine', version: '1.0.0', module: 'index.js' }),
    'index.js': "export const fine = () => 'FINE_MARKER';\n",
  },
  // Megabytes of code to parse: its builder passes a small memory limit while it works.
  bulky: {
    'package.json': JSON.stringify({ name: 'bulky', version: '1.0.0', module: 'index.js' }),
    'index.js': Array.from(
      { length: 200_000 },
      (_, i) => `export const v${i} = { n: ${i}, s: 'v${i}' };`,
    ).join('\n'),
  },
  // A million nested brackets: esbuild's parser overflowed its stack, and its service died for every later build.
  deep: {
    'package.json': JSON.stringify({ name: 'deep', version: '1.0.0', module: 'index.js' }),
    'index.js': `export default ${'['.repeat(1_000_000)}${']'.repeat(1_000_000)};\n`,
  },
  // 4 MB of 'import(/*)' in a string: the glob scan's comment pattern took minutes over it (quadratic).
  globby: {
    'package.json': JSON.stringify({ name: 'globby', version: '1.0.0', module: 'index.js' }),
    'index.js': `export default "${'import(/*)'.repeat(400_000)}";\n`,
  },
};

let dir = '';
let tmp = '';
const { tarballs, source } = localTarballs();
const pin = (name: string) => pinned(name);
const app = (name: string) => ({ 'src/App.tsx': `import * as m from '${name}';` });
const scratch = () => fs.readdirSync(tmp).filter((n) => n.startsWith(SCRATCH_PREFIX));
/** Waits up to `ms` for `done` (a killed builder's folder is removed by a process of its own). */
async function until(done: () => boolean, ms = 15_000): Promise<boolean> {
  for (const start = Date.now(); Date.now() - start < ms; await new Promise((r) => setTimeout(r, 50)))
    if (done()) return true;
  return done();
}
const running = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apart-test-'));
  // The builders' temporary folder, this test's alone: what they leave behind is seen here.
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apart-tmp-'));
  process.env.TMPDIR = tmp;
  for (const [name, files] of Object.entries(PACKAGES)) {
    const file = path.join(dir, `${name}.tgz`);
    fs.writeFileSync(file, await packTarball(packageEntries(files)));
    tarballs.set(name, file);
  }
});
afterAll(() => {
  delete process.env.TMPDIR;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('buildBundleApart', () => {
  it('builds in a builder process, and a file that would kill esbuild leaves the next build working', async () => {
    await expect(buildBundleApart(source, [pin('deep')], app('deep'))).rejects.toThrow(
      'deep@1.0.0: package/index.js: nests brackets more than 1000 deep',
    );
    const bundle = await buildBundleApart(source, [pin('fine')], app('fine'));
    expect(bundle?.code).toContain('FINE_MARKER');
    expect(scratch()).toEqual([]);
  }, 60_000);

  it('kills a build past its time, names where it was, and leaves no scratch folder', async () => {
    const limits = { ...BUNDLE_LIMITS, timeoutMs: 500 };
    const attempt = buildBundleApart(source, [pin('bulky')], app('bulky'), limits);
    await expect(attempt).rejects.toBeInstanceOf(BundleFailed);
    await expect(attempt).rejects.toThrow(/^The build took longer than 500 ms/);
    expect(await until(() => scratch().length === 0)).toBe(true);
  }, 60_000);

  it('kills a build past its memory limit as too large, over its whole process group', async () => {
    const limits = { ...BUNDLE_LIMITS, maxMemoryBytes: 64 * 1024 * 1024 };
    await expect(buildBundleApart(source, [pin('bulky')], app('bulky'), limits)).rejects.toThrow(
      /^The packages are too large to build: more than 64 MiB of memory/,
    );
    expect(await until(() => scratch().length === 0)).toBe(true);
  }, 60_000);

  it("answers for a builder killed mid-build without waiting for its folder's removal (a process of its own)", async () => {
    const attempt = buildBundleApart(source, [pin('bulky')], app('bulky'));
    const building = () => scratch().find((n) => fs.existsSync(path.join(tmp, n, 'entry.mjs')));
    expect(await until(() => building() !== undefined)).toBe(true);
    // As the system's OOM killer would: the builder's whole group at once.
    process.kill(-Number(/-(\d+)-/.exec(building() as string)?.[1]), 'SIGKILL');
    await expect(attempt).rejects.toThrow(/^The builder stopped/);
    // The answer, and the build's slot, came before the folder went (a million folders took minutes).
    expect(scratch()).toHaveLength(1);
    expect(await until(() => scratch().length === 0)).toBe(true);
  }, 60_000);

  it('builds 4 MB of glob-like calls in a string within its time limit', async () => {
    const bundle = await buildBundleApart(source, [pin('globby')], app('globby'), {
      ...BUNDLE_LIMITS,
      timeoutMs: 30_000,
    });
    expect(bundle?.code).toContain('import(/*)import(/*)');
  }, 60_000);

  it('a builder whose server was killed (SIGKILL) ends by itself, its process group with it', async () => {
    // A real parent process running a build, killed as a server would be: nothing of it runs the builder's end.
    const script = path.join(dir, 'parent.mjs');
    fs.writeFileSync(
      script,
      `import { buildBundleApart } from ${JSON.stringify(path.join(import.meta.dirname, 'buildApart.ts'))};
const [tgz] = process.argv.slice(2);
const source = { tarball: () => tgz, manifest: (name, version) => ({ name, version, dist: { integrity: 'globby', tarball: '' } }) };
await buildBundleApart(source, [${JSON.stringify(pin('globby'))}], ${JSON.stringify(app('globby'))});
`,
    );
    const parent = spawn(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), script, tarballs.get('globby') as string],
      {
        env: { ...process.env, TMPDIR: tmp },
        stdio: 'ignore',
      },
    );
    const builderOf = () => Number(/-(\d+)-/.exec(scratch()[0] ?? '')?.[1] ?? 0);
    expect(await until(() => builderOf() > 0)).toBe(true);
    const builder = builderOf();
    // At esbuild's stage (its entry written), then long enough for the builder to be in the glob scan.
    expect(await until(() => fs.existsSync(path.join(tmp, scratch()[0] ?? '-', 'entry.mjs')))).toBe(true);
    await new Promise((r) => setTimeout(r, 1000));
    parent.kill('SIGKILL');
    expect(await until(() => !running(builder), 5_000)).toBe(true);
    // Left for the next start's sweep (a killed server runs no clean-up).
    for (const n of scratch()) fs.rmSync(path.join(tmp, n), { recursive: true, force: true });
  }, 60_000);
});
