import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import semver from 'semver';
import { PROVIDED_IMPORTS } from '../../validation/bareImports.ts';
import type { PinnedPackage } from '../../validation/views.ts';
import { bundleEntry, PROVIDED_GLOBAL } from './bundleEntry.ts';
import { confinedTo, insideOf, OUTSIDE } from './confinedTo.ts';
import type { Manifest } from './NpmCache.ts';
import { UNPACK_LIMITS, unpackTarball } from './unpackTarball.ts';

/** What a build reads from the npm cache: checked tarballs and lean manifests, nothing online. */
export interface BundleSource {
  tarball(integrity: string): string | undefined;
  manifest(name: string, version: string): Manifest | undefined;
}

export interface BundleLimits {
  /** A build still running after this is cancelled. */
  timeoutMs: number;
  /** The largest bundle kept (the frame downloads it on every open). */
  maxOutputBytes: number;
  /** Builds at once on this server (esbuild uses every core while it runs). */
  concurrency: number;
  /** What all the unpacked packages of one build may hold together (each also has UNPACK_LIMITS). */
  maxTreeBytes: number;
  maxTreeEntries: number;
  /**
   * What one builder process (Node and esbuild's Go service together) may hold: all of date-fns
   * (20 MB unpacked, a namespace import) peaked at 150 MiB, so trees several times its size fit, and
   * one builder still fits beside the server on a 2 GiB machine.
   */
  maxMemoryBytes: number;
}

/** The React the frame runtime ships (react-dom/server must be of the same release). */
const RUNTIME_REACT = (createRequire(import.meta.url)('react-dom/package.json') as { version: string })
  .version;

/** The scratch folders' names in the temporary folder, then the builder's process id. */
export const SCRATCH_PREFIX = 'room-bundle-';

export const BUNDLE_LIMITS: BundleLimits = {
  timeoutMs: 60_000,
  maxOutputBytes: 8 * 1024 * 1024,
  concurrency: 1,
  maxTreeBytes: 128 * 1024 * 1024,
  maxTreeEntries: 100_000,
  maxMemoryBytes: 1024 * 1024 * 1024,
};

/** A dependency set that cannot run as a pre-built bundle; the message says why, for the card. */
export class BundleFailed extends Error {
  override readonly name = 'BundleFailed';
}

export interface Bundle {
  /** sha256 of the code, hex: the bundle's name and its only identity. */
  hash: string;
  code: string;
}

/** Images and fonts a package references, inlined as data: URLs (the frame loads nothing else), by type. */
const ASSET_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
};
const INLINED_ASSETS: Record<string, esbuild.Loader> = Object.fromEntries(
  Object.keys(ASSET_TYPES).map((ext) => [ext, 'dataurl' as const]),
);

/** What esbuild writes for a CSS url() to an image or font, inlined after the build (see cssAssets). */
const ASSET_MARK = /room-asset:(\d+)/g;

/** React's server renderers: bundled from the pinned react-dom (the runtime's own version), React still shared. */
const SERVER_RENDERER = /^react-dom\/(server|static)(\.browser)?$/;

let running = 0;
const waiting: (() => void)[] = [];

/**
 * Builds the packages an app's files import into one browser ES module with esbuild's JS API, from
 * the cache's tarballs unpacked into a scratch folder (no package script runs): only the bindings the
 * files import, `react` and `react-dom` read from the frame runtime's single copy, minified.
 */
export async function buildBundle(
  source: BundleSource,
  packages: PinnedPackage[],
  files: Record<string, string>,
  limits: BundleLimits = BUNDLE_LIMITS,
  /** Told what the build is at (a builder process reports it, so a killed build names its package). */
  onStage?: (what: string) => void,
): Promise<Bundle | null> {
  const entry = bundleEntry(files);
  if (!entry) return null;
  while (running >= limits.concurrency) await new Promise<void>((r) => waiting.push(r));
  running += 1;
  // Named after this process: a start-up sweep removes the folders of builders no longer running.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${SCRATCH_PREFIX}${process.pid}-`));
  try {
    // One budget for the whole tree: 2,000 packages at each one's own limit would fill the disk.
    const left = { bytes: limits.maxTreeBytes, entries: limits.maxTreeEntries };
    const renders = entry.specifiers.some((s) => SERVER_RENDERER.test(s));
    const unpacked = reachable(source, packages, renders);
    for (const p of unpacked) {
      const tgz = source.tarball(p.integrity);
      if (!tgz) throw new BundleFailed(`${p.name}@${p.version} is not in the npm cache`);
      onStage?.(`while unpacking ${p.name}@${p.version}`);
      const own = {
        maxEntries: Math.min(UNPACK_LIMITS.maxEntries, left.entries),
        maxFileBytes: UNPACK_LIMITS.maxFileBytes,
        maxTotalBytes: Math.min(UNPACK_LIMITS.maxTotalBytes, left.bytes),
      };
      const used = await unpackTarball(tgz, path.join(dir, 'node_modules', p.name), own).catch(
        (err: Error) => {
          throw new BundleFailed(`${p.name}@${p.version}: ${err.message}`);
        },
      );
      left.bytes -= used.bytes;
      left.entries -= used.entries;
    }
    fs.writeFileSync(path.join(dir, 'entry.mjs'), entry.code);
    onStage?.('while bundling the packages');
    const code = await runEsbuild(dir, new Set(unpacked.map((p) => p.name)), limits);
    if (Buffer.byteLength(code) > limits.maxOutputBytes)
      throw new BundleFailed(`The bundle is larger than ${limits.maxOutputBytes} bytes`);
    return { hash: createHash('sha256').update(code).digest('hex'), code };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    running -= 1;
    waiting.shift()?.();
  }
}

async function runEsbuild(dir: string, packages: Set<string>, limits: BundleLimits): Promise<string> {
  const assets: string[] = [];
  const ctx = await esbuild.context({
    absWorkingDir: dir,
    entryPoints: [path.join(dir, 'entry.mjs')],
    bundle: true,
    write: false,
    // CSS a package's module imports comes out beside the code (never written: write is false).
    outdir: path.join(dir, 'out'),
    loader: INLINED_ASSETS,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    treeShaking: true,
    // Resolution stays in the scratch folder: no NODE_PATH, no tsconfig paths, no symlinks out.
    nodePaths: [],
    preserveSymlinks: true,
    tsconfigRaw: '{}',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    legalComments: 'none',
    plugins: [providedModules(), confinedTo(dir, packages), cssAssets(dir, assets)],
  });
  const timer = setTimeout(() => void ctx.cancel(), limits.timeoutMs);
  try {
    const result = await ctx.rebuild().catch((err: { errors?: esbuild.Message[] }) => {
      throw new BundleFailed(messageOf(err.errors ?? []) || 'The packages did not build');
    });
    // A require() or import() esbuild could not follow would fail in the browser: Sandpack runs those.
    const unfollowed = result.warnings.filter((w) => /require|import\(\)|dynamic/i.test(w.text));
    if (unfollowed.length > 0) throw new BundleFailed(messageOf(unfollowed));
    const out = result.outputFiles?.find((f) => f.path.endsWith('.js'))?.text;
    if (out === undefined) throw new BundleFailed(`The build took longer than ${limits.timeoutMs} ms`);
    const marked = result.outputFiles?.find((f) => f.path.endsWith('.css'))?.text;
    const css = marked && inlineAssets(marked, assets, Buffer.byteLength(out), limits.maxOutputBytes);
    // esbuild's shim for a require() it left in place (it does not warn inside node_modules).
    if (out.includes('Dynamic require of "'))
      throw new BundleFailed('A package calls require() with a computed name');
    // The packages' CSS travels in the module: the frame adds it before the app's own styles.
    return css ? `${out}export const css=${JSON.stringify(css)};\n` : out;
  } finally {
    clearTimeout(timer);
    await ctx.dispose();
  }
}

/**
 * A CSS url() to a file becomes `room-asset:N` (its index in `assets`), an image or font inlined after
 * the build: esbuild would write the whole file at every url() (one per file resolved, any number
 * printed), so a few kB of CSS naming one image thousands of times would fill the server's memory.
 */
function cssAssets(dir: string, assets: string[]): esbuild.Plugin {
  const inside = insideOf(dir);
  return {
    name: 'room-css-assets',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'url-token' || args.pluginData === 'room-css-assets') return undefined;
        const { kind, importer, resolveDir } = args;
        const r = await build.resolve(args.path, {
          kind,
          importer,
          resolveDir,
          pluginData: 'room-css-assets',
        });
        if (r.errors.length > 0) return { errors: r.errors };
        // An http(s) or data: URL stays as written (the frame's CSP decides what it may load).
        if (r.external || r.namespace !== 'file') return undefined;
        if (!inside(r.path)) return { errors: [{ text: OUTSIDE }] };
        if (!Object.hasOwn(ASSET_TYPES, path.extname(r.path).toLowerCase()))
          return {
            errors: [{ text: `A package's CSS uses ${path.basename(r.path)}, not an image or a font` }],
          };
        const at = assets.indexOf(r.path);
        return { path: `room-asset:${at >= 0 ? at : assets.push(r.path) - 1}`, external: true };
      });
    },
  };
}

/** Puts each url()'s image or font into the CSS as a data: URL, refused when the bundle would pass `limit`. */
function inlineAssets(css: string, assets: string[], code: number, limit: number): string {
  const urls = new Map<number, string>();
  let bytes = code + Buffer.byteLength(css);
  for (const [, n] of css.matchAll(ASSET_MARK)) {
    const file = assets[Number(n)];
    // Counted before anything is read, at every url() it appears.
    bytes += file ? 64 + Math.ceil(fs.statSync(file).size / 3) * 4 : 0;
    if (bytes > limit)
      throw new BundleFailed(`The packages' CSS would inline more than ${limit} bytes of images and fonts`);
  }
  return css.replace(ASSET_MARK, (mark, n: string) => {
    const file = assets[Number(n)];
    if (!file) return mark;
    let url = urls.get(Number(n));
    if (url === undefined) {
      url = `data:${ASSET_TYPES[path.extname(file).toLowerCase()]};base64,${fs.readFileSync(file).toString('base64')}`;
      urls.set(Number(n), url);
    }
    return url;
  });
}

/** Maps `react`, `react-dom` and their provided entries onto the frame runtime's own modules. */
function providedModules(): esbuild.Plugin {
  const provided = new Set<string>(PROVIDED_IMPORTS);
  return {
    name: 'room-provided',
    setup(build) {
      build.onResolve({ filter: /^(react|react-dom|@room\/sdk)(\/.*)?$/ }, (args) =>
        provided.has(args.path)
          ? { path: args.path, namespace: 'room-provided' }
          : // esbuild finds it in the unpacked react-dom; its own react and react-dom imports come back here.
            SERVER_RENDERER.test(args.path)
            ? undefined
            : { errors: [{ text: `"${args.path}" is not served by the frame runtime` }] },
      );
      build.onLoad({ filter: /.*/, namespace: 'room-provided' }, (args) => ({
        contents: `module.exports = globalThis[Symbol.for(${JSON.stringify(PROVIDED_GLOBAL)})](${JSON.stringify(args.path)});`,
        loader: 'js',
      }));
    },
  };
}

/**
 * The pinned packages the app's own imports reach (through manifests' dependencies and peers), one
 * version per name, React excluded: the Sandpack bundler's implicit packages are not unpacked. With
 * `renders` (a server renderer imported), react-dom is unpacked for it, only at the runtime's version.
 */
function reachable(source: BundleSource, packages: PinnedPackage[], renders: boolean): PinnedPackage[] {
  const external = new Set(renders ? ['react'] : ['react', 'react-dom']);
  const chosen = new Map<string, PinnedPackage>();
  const queue: { name: string; range: string }[] = packages
    .filter((p) => p.role === 'direct')
    .map((p) => ({ name: p.name, range: p.version }));
  while (queue.length > 0) {
    const { name, range } = queue.shift() as { name: string; range: string };
    if (external.has(name) || chosen.has(name)) continue;
    const candidates = packages.filter((p) => p.name === name);
    const p = candidates.find((c) => semver.satisfies(c.version, range)) ?? candidates[0];
    if (!p) continue;
    chosen.set(name, p);
    const m = source.manifest(p.name, p.version);
    for (const deps of [m?.dependencies, m?.peerDependencies])
      for (const [dep, r] of Object.entries((deps ?? {}) as Record<string, string>))
        queue.push({ name: dep, range: r });
  }
  // The react-dom actually unpacked, whichever other versions the tree pins.
  if (renders && chosen.get('react-dom')?.version !== RUNTIME_REACT)
    throw new BundleFailed(`react-dom/server needs react-dom ${RUNTIME_REACT}, the runtime's React`);
  return [...chosen.values()];
}

function messageOf(messages: esbuild.Message[]): string {
  return messages
    .slice(0, 3)
    .map((m) => {
      // esbuild's own failure to find a file reads as a refusal would: whether it exists is not told.
      const text = !m.pluginName && m.text.startsWith('Could not resolve') ? OUTSIDE : m.text;
      return m.location ? `${fileOf(m.location.file)}: ${text}` : text;
    })
    .join('; ');
}

/** A message's file as a person knows it: a package's file, or the app's imports (the generated entry). */
function fileOf(file: string): string {
  return file === 'entry.mjs' ? "the app's imports" : file.replace(/^node_modules\//, '');
}
