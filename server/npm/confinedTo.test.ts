import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTarballs, pinned } from '../../test-support/localTarballs.ts';
import { packageEntries, packTarball } from '../../test-support/packTarball.ts';
import { BUNDLE_LIMITS, buildBundle } from './buildBundle.ts';
import type { BuildJob } from './builderChild.ts';
import { OUTSIDE } from './confinedTo.ts';

// A folder beside the scratch folders with files in it, and one that does not exist: the same refusal for both.
let outside = '';
let work = '';
const UP = '../'.repeat(12);
const at = (p: string, exists: boolean) => `${exists ? outside : `${outside}-none`}/${p}`;

function peekFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'package.json': JSON.stringify({
      name: 'peek',
      version: '1.0.0',
      main: 'index.js',
      exports: { '.': './index.js', './*': './*' },
      imports: { '#x/*': './*' },
    }),
    'index.js': 'export const ok = 1;\n',
  };
  for (const exists of [true, false]) {
    const k = exists ? 'yes' : 'no';
    files[`rel-${k}.js`] = `export { default } from '${UP}${at('secret.js', exists).slice(1)}';\n`;
    files[`qry-${k}.js`] = `export { default } from './x?/${UP}${at('secret.js', exists).slice(1)}';\n`;
    files[`par-${k}.js`] =
      `exports.g = (n) => require(('${UP}${at('', exists).slice(1)}') /* folded */ + n);\n`;
    files[`abs-${k}.js`] = `import s from '${at('secret.js', exists)}';\nexport default s;\n`;
    files[`req-${k}.js`] = `module.exports = require('${UP}${at('secret.js', exists).slice(1)}');\n`;
    files[`glob-${k}.js`] = `export const g = (n) => import(\`${UP}${at('', exists).slice(1)}\${n}.js\`);\n`;
    files[`cat-${k}.js`] = `exports.g = (n) => require('${UP}${at('', exists).slice(1)}' + n);\n`;
    files[`imp-${k}.css`] = `@import "${UP}${at('secret.css', exists).slice(1)}";\n`;
    // esbuild decodes a package subpath's escapes after resolution was asked: its own name, then an imports pattern.
    files[`pct-${k}.js`] =
      `export { default } from 'peek/${'%2e%2e/'.repeat(12)}${at('secret.js', exists).slice(1)}';\n`;
    files[`pim-${k}.js`] =
      `export { default } from '#x/${'%2E%2e%2F'.repeat(12)}${at('secret.js', exists).slice(1)}';\n`;
    files[`pdir-${k}.js`] =
      `export { default } from '#x/${'%2e%2e/'.repeat(12)}${at('', exists).slice(1)}';\n`;
    files[`url-${k}.css`] = `.a { background: url(${UP}${at('secret.png', exists).slice(1)}); }\n`;
  }
  return files;
}

const ATTACKS = ['rel', 'qry', 'par', 'abs', 'req', 'glob', 'cat', 'pct', 'pim', 'pdir', 'imp', 'url'].map(
  (a) => (a === 'imp' || a === 'url' ? `${a}-K.css` : `${a}-K.js`),
);
const { tarballs, source } = localTarballs();
const pin = (name: string) => pinned(name);
const importing = (...specs: string[]) => ({
  'src/App.tsx': specs.map((s, i) => `import * as m${i} from '${s}';`).join('\n'),
});

beforeAll(async () => {
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'room-outside-'));
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'confined-test-'));
  for (const f of ['secret.js', 'secret.css', 'secret.png', 'a.js'])
    fs.writeFileSync(path.join(outside, f), 'SECRET');
  const packages: Record<string, Record<string, string>> = {
    peek: peekFiles(),
    // Manifest maps to a package name the build did not unpack: esbuild would look for it above the folder.
    'peek-maps': {
      'package.json': JSON.stringify({
        name: 'peek-maps',
        version: '1.0.0',
        main: 'index.js',
        browser: { fs: 'room-outside-name' },
        imports: { '#dep': 'room-outside-name' },
      }),
      'index.js': "exports.a = require('fs');\n",
      'hash.js': "exports.b = require('#dep');\n",
    },
    'peek-main': {
      'package.json': JSON.stringify({
        name: 'peek-main',
        version: '1.0.0',
        main: `${UP}${outside.slice(1)}/secret.js`,
      }),
    },
  };
  for (const [name, files] of Object.entries(packages)) {
    const file = path.join(work, `${name}.tgz`);
    fs.writeFileSync(file, await packTarball(packageEntries(files)));
    tarballs.set(name, file);
  }
});
afterAll(() => {
  fs.rmSync(outside, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

const failure = (packages: string[], files: Record<string, string>) =>
  buildBundle(source, packages.map(pin), files).then(
    () => 'built',
    (err: Error) => err.message,
  );

describe('resolution confined to the unpacked packages', () => {
  it('refuses every outside path with one message, whether it exists or not', async () => {
    for (const attack of ATTACKS) {
      const [yes, no] = await Promise.all(
        ['yes', 'no'].map((k) => failure(['peek'], importing(`peek/${attack.replace('K', k)}`))),
      );
      expect(yes, attack).toBe(`peek/${attack.replace('K', 'yes')}: ${OUTSIDE}`);
      expect(no?.replace('-no.', '-yes.'), attack).toBe(yes);
    }
    // The app's own subpath import, and a manifest's main: refused on their text alone.
    const [sub, subNone] = await Promise.all(
      [true, false].map((e) => failure(['peek'], importing(`peek/${UP}${at('secret.js', e).slice(1)}`))),
    );
    expect(sub).toBe(`the app's imports: ${OUTSIDE}`);
    expect(subNone).toBe(sub);
    expect(await failure(['peek-maps'], importing('peek-maps'))).toBe(
      'peek-maps/index.js: Could not resolve "fs": not among the app\'s packages',
    );
    expect(await failure(['peek-maps'], importing('peek-maps/hash.js'))).toBe(
      'peek-maps/hash.js: Could not resolve "#dep": not among the app\'s packages',
    );
    expect(await failure(['peek-main'], importing('peek-main'))).toMatch(
      /^peek-main@1\.0\.0: package\.json: its "main" names a path outside the package$/,
    );
  });

  it('hands esbuild no path outside the tree (every file system call of the builder traced)', async () => {
    const log = path.join(work, 'strace.log');
    const specs = ['yes', 'no'].flatMap((k) => ATTACKS.map((a) => `peek/${a.replace('K', k)}`));
    for (const files of [
      importing('peek', 'peek-maps', 'peek-maps/hash.js', ...specs),
      importing(`peek/${UP}${at('secret.js', true).slice(1)}`),
    ]) {
      const job: BuildJob = {
        packages: [pin('peek'), pin('peek-maps')],
        files,
        limits: BUNDLE_LIMITS,
        tarballs: { peek: tarballs.get('peek') as string, 'peek-maps': tarballs.get('peek-maps') as string },
        manifests: {},
      };
      const child = spawn(
        'strace',
        [
          '-f',
          '-qq',
          '-e',
          'trace=%file,getdents64',
          '-o',
          log,
          process.execPath,
          '--import',
          import.meta.resolve('tsx'),
          path.join(import.meta.dirname, 'builderChild.ts'),
        ],
        { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
      );
      const answer = new Promise<{ type: string; message?: string }>((r) =>
        child.on('message', (m: { type: string }) => m.type !== 'stage' && r(m)),
      );
      child.send(job);
      expect((await answer).message).toMatch(/outside the unpacked packages|not among the app's packages/);
      await new Promise((r) => child.on('exit', r));
      const traced = fs.readFileSync(log, 'utf8');
      // The trace holds the scratch folder's own files: the log is real.
      expect(traced).toMatch(/room-bundle-\d+-\w+\/node_modules\/peek\/package\.json/);
      const named = [path.basename(outside), 'room-outside-name'];
      expect(traced.split('\n').filter((l) => named.some((n) => l.includes(n)))).toEqual([]);
    }
  }, 60_000);
});
