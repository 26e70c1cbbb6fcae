import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTarballs, pinned } from '../../test-support/localTarballs.ts';
import { packageEntries, packTarball } from '../../test-support/packTarball.ts';
import { BUNDLE_LIMITS, BundleFailed, buildBundle } from './buildBundle.ts';
import { PROVIDED_GLOBAL } from './bundleEntry.ts';

const RUNTIME_REACT = (createRequire(import.meta.url)('react-dom/package.json') as { version: string })
  .version;

const PACKAGES: Record<string, Record<string, string>> = {
  'mini-dates': {
    'package.json': JSON.stringify({
      name: 'mini-dates',
      version: '1.0.0',
      module: 'index.js',
      sideEffects: false,
    }),
    'index.js':
      "export { format } from './format.js';\nexport const addDays = (n) => n + 1;\nexport const unused = () => 'UNUSED_MARKER';\n",
    'format.js': "export function format(d) { return 'F:' + d; }\nexport default format;\n",
  },
  'hook-comp': {
    'package.json': JSON.stringify({ name: 'hook-comp', version: '2.0.0', main: 'index.js' }),
    'index.js':
      "const { useState, createElement } = require('react');\nexports.Counter = function Counter() { const [n] = useState(7); return createElement('b', null, n); };\n",
  },
  'needs-fs': {
    'package.json': JSON.stringify({ name: 'needs-fs', version: '1.0.0', main: 'index.js' }),
    'index.js': "const fs = require('fs');\nexports.read = () => fs.readFileSync('x');\n",
  },
  // Reads the server's disk at build time: the file lands in the bundle the frame site serves.
  'reads-disk': {
    'package.json': JSON.stringify({ name: 'reads-disk', version: '1.0.0', main: 'index.js' }),
    'index.js': "export { default as rel } from '../../../SCRATCH/secret.txt';\n",
    'abs.js': "export { default as abs } from 'ABS' with { type: 'text' };\n",
    'json.js': "exports.json = require('ABS_JSON');\n",
  },
  // Styles a bundler would ship with the code: a module's own CSS, a CSS file imported by path, an image in it.
  'styled-pkg': {
    'package.json': JSON.stringify({ name: 'styled-pkg', version: '1.0.0', module: 'index.js' }),
    'index.js': "import './base.css';\nexport const label = 'styled';\n",
    'base.css': '.styled-base { color: rgb(1, 2, 3); background: url(./dot.svg); }\n',
    'extra.css': '.styled-extra { margin: 7px; }\n',
    'dot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
  },
  // Stands in for react-dom at the runtime's version: its server entry (exports' browser condition) uses React.
  'react-dom': {
    'package.json': JSON.stringify({
      name: 'react-dom',
      version: RUNTIME_REACT,
      exports: {
        '.': './index.js',
        './server': { browser: './server.browser.js', default: './server.node.js' },
      },
    }),
    'index.js': "exports.CLIENT_MARKER = 'client';\n",
    'server.browser.js':
      "const React = require('react');\nexports.renderToString = (el) => 'SERVER:' + typeof React.createElement + ':' + el;\n",
    'server.node.js': "require('stream');\n",
  },
  // One small image, its url() repeated: esbuild would write the whole image into the CSS at each one.
  'css-bomb': {
    'package.json': JSON.stringify({ name: 'css-bomb', version: '1.0.0', module: 'index.js' }),
    'index.js': "import './bomb.css';\nexport const boom = 1;\n",
    'bomb.css': Array.from({ length: 300 }, (_, i) => `.b${i}{background:url(./pic.png)}`).join('\n'),
    'font.css': '@font-face{font-family:f;src:url(./f.eot?#iefix)}\n'.repeat(300),
    'pic.png': 'P'.repeat(64 * 1024),
    'f.eot': 'E'.repeat(64 * 1024),
  },
  // A package's CSS reaching for the server's disk through url() and @import.
  'css-disk': {
    'package.json': JSON.stringify({ name: 'css-disk', version: '1.0.0', module: 'index.js' }),
    'rel.css': '.r{background:url(../../../SCRATCH/secret.png)}\n',
    'abs.css': '.a{background:url(ABS)}\n',
    'imp.css': '@import "../../../SCRATCH/secret.css";\n',
  },
  'dyn-req': {
    'package.json': JSON.stringify({ name: 'dyn-req', version: '1.0.0', main: 'index.js' }),
    'index.js': 'exports.load = (name) => require(name);\n',
  },
};

let dir = '';
const { tarballs, source } = localTarballs();
const pin = (name: string) => pinned(name, JSON.parse(PACKAGES[name]?.['package.json'] ?? '{}').version);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-test-'));
  const disk = PACKAGES['reads-disk'] as Record<string, string>;
  disk['index.js'] = (disk['index.js'] as string).replace('SCRATCH', path.basename(dir));
  disk['abs.js'] = (disk['abs.js'] as string).replace('ABS', path.join(dir, 'secret.txt'));
  disk['json.js'] = (disk['json.js'] as string).replace('ABS_JSON', path.join(dir, 'secret.json'));
  const css = PACKAGES['css-disk'] as Record<string, string>;
  for (const f of ['rel.css', 'imp.css']) css[f] = (css[f] as string).replace('SCRATCH', path.basename(dir));
  css['abs.css'] = (css['abs.css'] as string).replace('ABS', path.join(dir, 'secret.png'));
  for (const [name, files] of Object.entries(PACKAGES)) {
    const file = path.join(dir, `${name}.tgz`);
    fs.writeFileSync(file, await packTarball(packageEntries(files)));
    tarballs.set(name, file);
  }
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs a bundle as the frame does: an ES module whose `react` is the runtime's. */
async function load(code: string): Promise<Record<string, Record<string, (x: never) => unknown>>> {
  const file = path.join(dir, `${createHash('sha256').update(code).digest('hex')}.mjs`);
  fs.writeFileSync(file, code);
  const require = createRequire(import.meta.url);
  (globalThis as Record<symbol, unknown>)[Symbol.for(PROVIDED_GLOBAL)] = (s: string) => require(s);
  return (await import(file)).default;
}

describe('buildBundle', () => {
  it('bundles named and subpath imports, tree-shaken, content-addressed', async () => {
    const files = {
      'src/App.tsx':
        "import { format, addDays } from 'mini-dates';\nimport f2 from 'mini-dates/format.js';\n",
    };
    const bundle = await buildBundle(source, [pin('mini-dates')], files);
    expect(bundle?.hash).toBe(
      createHash('sha256')
        .update(bundle?.code ?? '')
        .digest('hex'),
    );
    expect(bundle?.code).not.toContain('UNUSED_MARKER');
    const modules = await load(bundle?.code ?? '');
    const dates = modules['mini-dates'] as Record<string, (x: unknown) => unknown>;
    expect(dates.format?.('x')).toBe('F:x');
    expect(dates.addDays?.(1)).toBe(2);
    expect((modules['mini-dates/format.js'] as Record<string, (x: unknown) => unknown>).default?.('y')).toBe(
      'F:y',
    );
    expect((await buildBundle(source, [pin('mini-dates')], files))?.hash).toBe(bundle?.hash);
  });

  it("leaves React to the runtime's single copy", async () => {
    const bundle = await buildBundle(source, [pin('hook-comp')], {
      'src/App.tsx': "import { Counter } from 'hook-comp';",
    });
    expect(bundle?.code).toContain(`Symbol.for("${PROVIDED_GLOBAL}")`);
    expect(bundle?.code).not.toContain('react.production');
    const modules = await load(bundle?.code ?? '');
    expect(typeof modules['hook-comp']?.Counter).toBe('function');
  });

  it("carries the packages' CSS (a module's own and one imported by path) with its images inlined", async () => {
    const bundle = await buildBundle(source, [pin('styled-pkg')], {
      'src/App.tsx': "import { label } from 'styled-pkg';\nimport 'styled-pkg/extra.css';\n",
    });
    const file = path.join(dir, 'styled.mjs');
    fs.writeFileSync(file, bundle?.code ?? '');
    const { css, default: modules } = (await import(file)) as {
      css: string;
      default: Record<string, unknown>;
    };
    expect((modules['styled-pkg'] as { label: string }).label).toBe('styled');
    expect(modules).toHaveProperty(['styled-pkg/extra.css']);
    expect(css).toMatch(/\.styled-base\s*\{[^}]*color:\s*(rgb\(1, 2, 3\)|#010203)/);
    expect(css).toMatch(/\.styled-extra\s*\{[^}]*margin:\s*7px/);
    expect(css).toMatch(/url\(['"]?data:image\/svg\+xml[,;]/);
    expect(css).not.toContain('dot.svg');
  });

  it("holds the CSS's inlined images and fonts to the bundle limit, counting every url() to them", async () => {
    const limits = { ...BUNDLE_LIMITS, maxOutputBytes: 1024 * 1024 };
    // 300 url()s of one 64 KiB image: 26 MB of CSS, refused before esbuild writes it out.
    for (const spec of ['css-bomb', 'css-bomb/font.css'])
      await expect(
        buildBundle(source, [pin('css-bomb')], { 'src/App.tsx': `import * as m from '${spec}';` }, limits),
      ).rejects.toThrow(/inline more than 1048576 bytes of images and fonts/);
  });

  it('refuses package CSS whose url() or @import reaches outside the scratch folder', async () => {
    fs.writeFileSync(path.join(dir, 'secret.png'), 'SERVER_SECRET');
    fs.writeFileSync(path.join(dir, 'secret.css'), '.s{content:"SERVER_SECRET"}');
    for (const file of ['rel.css', 'abs.css', 'imp.css'])
      await expect(
        buildBundle(source, [pin('css-disk')], { 'src/App.tsx': `import 'css-disk/${file}';` }),
      ).rejects.toThrow(/outside the unpacked packages/);
  });

  it("bundles react-dom/server from the pinned react-dom, sharing the runtime's React, only at its version", async () => {
    const app = { 'src/App.tsx': "import { renderToString } from 'react-dom/server';\n" };
    const bundle = await buildBundle(source, [pin('react-dom')], app);
    expect(bundle?.code).not.toContain('CLIENT_MARKER');
    const modules = await load(bundle?.code ?? '');
    expect(modules['react-dom/server']?.renderToString?.('x' as never)).toBe('SERVER:function:x');
    const older = { ...pin('react-dom'), version: '18.2.0' };
    await expect(buildBundle(source, [older], app)).rejects.toThrow(/react-dom\/server needs react-dom/);
    // Judged on the react-dom unpacked (the app's own), not on another version the tree also pins.
    const transitive = { ...older, role: 'dependency' as const };
    expect((await buildBundle(source, [transitive, pin('react-dom')], app))?.hash).toBe(bundle?.hash);
  });

  it('fails on Node built-ins and on a require() it cannot follow', async () => {
    const fsApp = { 'src/App.tsx': "import { read } from 'needs-fs';" };
    await expect(buildBundle(source, [pin('needs-fs')], fsApp)).rejects.toThrow(BundleFailed);
    await expect(buildBundle(source, [pin('needs-fs')], fsApp)).rejects.toThrow(/"fs"/);
    const dynApp = { 'src/App.tsx': "import { load } from 'dyn-req';" };
    await expect(buildBundle(source, [pin('dyn-req')], dynApp)).rejects.toThrow(/require/);
  });

  it('refuses a package that imports a file outside the scratch folder (relative, absolute, text or JSON)', async () => {
    fs.writeFileSync(path.join(dir, 'secret.txt'), 'SERVER_SECRET');
    fs.writeFileSync(path.join(dir, 'secret.json'), '{"k":"SERVER_SECRET"}');
    const app = (spec: string) => ({ 'src/App.tsx': `import * as m from '${spec}';` });
    for (const spec of [
      'reads-disk',
      'reads-disk/abs.js',
      'reads-disk/json.js',
      `reads-disk/../../../${path.basename(dir)}/secret.json`,
    ])
      await expect(buildBundle(source, [pin('reads-disk')], app(spec))).rejects.toThrow(
        /outside the unpacked packages/,
      );
  });

  it('holds the whole tree to one budget, not each package to its own', async () => {
    const pinned = ['mini-dates', 'hook-comp'].map(pin);
    const app = {
      'src/App.tsx': "import { format } from 'mini-dates';\nimport { Counter } from 'hook-comp';",
    };
    const limits = { ...BUNDLE_LIMITS, maxTreeBytes: 1_000_000, maxTreeEntries: 100_000 };
    expect(await buildBundle(source, pinned, app, limits)).not.toBeNull();
    // Each package alone fits, the two together do not.
    await expect(buildBundle(source, pinned, app, { ...limits, maxTreeBytes: 400 })).rejects.toThrow(
      /more than its limit/,
    );
    await expect(buildBundle(source, pinned, app, { ...limits, maxTreeEntries: 4 })).rejects.toThrow(
      /more than \d+ entries/,
    );
  });

  it('fails when a tarball is not cached, and builds nothing for an app without packages', async () => {
    const missing = { ...pin('mini-dates'), integrity: 'sha512-nothing' };
    await expect(
      buildBundle(source, [missing], { 'src/App.tsx': "import { format } from 'mini-dates';" }),
    ).rejects.toThrow('not in the npm cache');
    expect(await buildBundle(source, [], { 'src/App.tsx': "import { useState } from 'react';" })).toBeNull();
  });
});
