import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pickManifest from 'npm-pick-manifest';
import semver from 'semver';
import ssri from 'ssri';
import { packageNameProblem } from '../../validation/packageSpec.ts';
import { type Packument, RegistryClient, RegistryError, type RegistryManifest } from './RegistryClient.ts';
import { tarballUnpackedSize } from './tarballSize.ts';
import { UNPACK_LIMITS } from './unpackTarball.ts';

// An exact semver version, nothing that could name another file of the cache.
const EXACT_VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

/** A `name@range` the cache cannot answer: unknown package, no matching version, or offline. */
export class NpmCacheMiss extends Error {
  override readonly name = 'NpmCacheMiss';
}

// Manifest fields the bundler reads, plus the licence for the card; the rest would make documents huge.
const KEEP = [
  'name',
  'version',
  'main',
  'module',
  'browser',
  'exports',
  'types',
  'typings',
  'unpkg',
  'jsdelivr',
  'sideEffects',
  'type',
  'dependencies',
  'peerDependencies',
  'peerDependenciesMeta',
  'bin',
  'license',
  // For the proposal's static judgement of its path (packageJudgement.ts).
  'gypfile',
  'binary',
  'os',
  'cpu',
];

/** A cached version's lean manifest, with the integrity its tarball was (or will be) checked against. */
export type Manifest = RegistryManifest & {
  dist: { integrity: string; tarball: string; unpackedSize?: unknown };
};

export interface NpmCacheOptions {
  dir: string;
  /** Serve only what is cached: never read the registry. */
  offline: boolean;
  /** Registry requests at once while filling. */
  concurrency?: number;
  registry?: RegistryClient;
}

/**
 * The packages the Sandpack bundler may install: lean manifests and tarballs on disk, read from the
 * configured registry by URL. Names reach it only after the allowlist; nothing here runs a program.
 */
export class NpmCache {
  private readonly registry: RegistryClient;
  private readonly tarballJobs = new Map<string, Promise<void>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly sizes = new Map<string, number>();

  constructor(readonly opts: NpmCacheOptions) {
    fs.mkdirSync(opts.dir, { recursive: true, mode: 0o700 });
    this.registry = opts.registry ?? new RegistryClient();
  }

  /** The manifest `name@range` means: from the registry online, from what the cache holds offline. */
  async pick(name: string, range: string): Promise<Manifest> {
    const problem = packageNameProblem(name);
    if (problem) throw new NpmCacheMiss(`"${name}": ${problem}`);
    const doc = this.opts.offline ? this.cachedPackument(name) : await this.fetchPackument(name);
    let picked: RegistryManifest;
    try {
      picked = pickManifest(doc, range) as unknown as RegistryManifest;
    } catch {
      throw new NpmCacheMiss(
        `No version of ${name} matches ${range}${this.opts.offline ? ' in the npm cache (offline mode)' : ''}`,
      );
    }
    if (this.opts.offline) return picked as Manifest;
    return this.keep(name, picked);
  }

  /** Downloads (online) and checks the tarball of a pinned version; a no-op when it is cached. */
  ensureTarball(name: string, version: string, integrity: string): Promise<void> {
    // Files are named by their hash: a cached file is always the bytes that hash was checked against.
    const file = this.tarballFile(integrity);
    if (fs.existsSync(file)) return Promise.resolve();
    if (this.opts.offline)
      return Promise.reject(new NpmCacheMiss(`${name}@${version}'s tarball is not cached (offline mode)`));
    const key = `${name}@${version} ${integrity}`;
    let job = this.tarballJobs.get(key);
    if (!job) {
      job = this.limited(async () => {
        const manifest = this.manifest(name, version);
        if (!manifest) throw new NpmCacheMiss(`${name}@${version} was never resolved`);
        const data = await this.registry.tarball(manifest, integrity).catch((err: unknown) => {
          throw new NpmCacheMiss(
            err instanceof RegistryError ? err.message : `Could not download ${name}@${version}`,
          );
        });
        writeAtomic(file, data);
      }).finally(() => this.tarballJobs.delete(key));
      this.tarballJobs.set(key, job);
    }
    return job;
  }

  /** The cached file of the tarball with this integrity hash (checked when it was written). */
  tarball(integrity: string): string | undefined {
    const file = this.tarballFile(integrity);
    return fs.existsSync(file) ? file : undefined;
  }

  /**
   * The bytes a cached tarball unpacks to, counted once per process (capped just past what one
   * package may unpack to); null when it is not cached or cannot be read.
   */
  async unpackedSize(integrity: string): Promise<number | null> {
    const known = this.sizes.get(integrity);
    if (known !== undefined) return known;
    const file = this.tarball(integrity);
    if (!file) return null;
    // Counted once per cache: a sidecar beside the tarball it was counted from.
    const sidecar = `${file}.size`;
    const stored = Number(safeRead(sidecar));
    let size: number | null = Number.isSafeInteger(stored) && stored > 0 ? stored : null;
    if (size === null) {
      // A few at a time: a proposal's tree may be 2,000 tarballs, each inflated while it is counted.
      size = await this.limited(() => tarballUnpackedSize(file, UNPACK_LIMITS.maxTotalBytes));
      if (size === null) return null;
      writeAtomic(sidecar, String(size));
    }
    if (this.sizes.size >= 10_000) this.sizes.clear();
    this.sizes.set(integrity, size);
    return size;
  }

  /** A cached version's lean manifest. */
  manifest(name: string, version: string): Manifest | undefined {
    if (packageNameProblem(name) || !EXACT_VERSION.test(version)) return undefined;
    try {
      const m = JSON.parse(fs.readFileSync(this.manifestFile(name, version), 'utf8')) as Manifest;
      // Manifests cached before integrity was recorded, or naming another package, are not trusted.
      const ok = m.name === name && m.version === version && typeof m.dist?.integrity === 'string';
      return ok ? m : undefined;
    } catch {
      return undefined;
    }
  }

  private async fetchPackument(name: string): Promise<Packument> {
    try {
      return await this.limited(() => this.registry.packument(name));
    } catch (err) {
      if (err instanceof RegistryError) {
        // The registry's own words stay in the server's log; the proposer gets ours.
        process.stderr.write(`${JSON.stringify({ level: 'warn', npm: err.message, detail: err.detail })}\n`);
        throw new NpmCacheMiss(err.message);
      }
      throw err;
    }
  }

  /** What the cache holds of a package, shaped as a registry document (offline resolution). */
  private cachedPackument(name: string): Packument {
    const dir = this.file('manifests', encodeURIComponent(name));
    const versions: Record<string, RegistryManifest> = {};
    for (const f of safeList(dir)) {
      const version = f.slice(0, -5);
      const m = f.endsWith('.json') ? this.manifest(name, version) : undefined;
      if (m && this.tarball(m.dist.integrity)) versions[version] = m;
    }
    // Offline, `latest` is the newest release held (`*` leaves prereleases out), as `npm --offline` reads it.
    const latest = semver.maxSatisfying(Object.keys(versions), '*');
    return { name, 'dist-tags': latest ? { latest } : {}, versions };
  }

  /** Keeps the lean manifest with its integrity (a sha1 shasum for packages older than integrity). */
  private keep(name: string, m: RegistryManifest): Manifest {
    // A registry document for one name must not plant another package's manifest (cache poisoning).
    if (m.name !== name || typeof m.version !== 'string')
      throw new NpmCacheMiss(`The registry's document for ${name} describes another package`);
    const integrity =
      m.dist?.integrity ?? (m.dist?.shasum ? ssri.fromHex(m.dist.shasum, 'sha1').toString() : undefined);
    if (!EXACT_VERSION.test(m.version) || !integrity || !m.dist?.tarball)
      throw new NpmCacheMiss(`${m.name}@${m.version} has no tarball with an integrity hash in the registry`);
    const lean = Object.fromEntries(KEEP.filter((k) => k in m).map((k) => [k, m[k]])) as Manifest;
    lean.dist = { integrity, tarball: m.dist.tarball };
    // Kept as the registry sent it: unpackedSizeOf() accepts only a sane number when it is read.
    if (m.dist.unpackedSize !== undefined) lean.dist.unpackedSize = m.dist.unpackedSize;
    // A copy of the same tarball kept by an older version of this cache lacks fields; it is refreshed.
    const cached = this.manifest(m.name, m.version);
    const text = JSON.stringify(lean);
    if (!cached || (cached.dist.integrity === integrity && JSON.stringify(cached) !== text))
      writeAtomic(this.manifestFile(m.name, m.version), text);
    return lean;
  }

  private manifestFile(name: string, version: string): string {
    return this.file('manifests', encodeURIComponent(name), `${version}.json`);
  }

  private tarballFile(integrity: string): string {
    return this.file('tarballs', `${createHash('sha256').update(integrity).digest('hex')}.tgz`);
  }

  private file(...parts: string[]): string {
    return path.join(this.opts.dir, ...parts);
  }

  // At most `concurrency` registry requests: the machine has two cores and the registry has limits.
  private async limited<T>(job: () => Promise<T>): Promise<T> {
    while (this.running >= (this.opts.concurrency ?? 6)) await new Promise<void>((r) => this.waiting.push(r));
    this.running += 1;
    try {
      return await job();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}

function safeRead(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function safeList(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function writeAtomic(file: string, data: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  fs.writeFileSync(tmp, data, { mode: 0o600 });
  fs.renameSync(tmp, file);
}
