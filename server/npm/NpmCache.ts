import fs from 'node:fs';
import path from 'node:path';
import { maxVersion } from './compareVersions.ts';
import { type Manifest, type NpmCliError, npmPack, npmView } from './npmCli.ts';

// An exact semver version, nothing that could name another file of the cache.
const EXACT_VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

/** A `name@range` the cache cannot answer: unknown package, no matching version, or offline. */
export class NpmCacheMiss extends Error {
  override readonly name = 'NpmCacheMiss';
}

// Manifest fields the bundler reads; the rest (readme, time, versions lists) would make documents huge.
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
];

export interface NpmCacheOptions {
  dir: string;
  /** Serve only what is cached: never run npm. */
  offline: boolean;
  /** npm processes at once while filling. */
  concurrency?: number;
}

/**
 * The packages the Sandpack bundler may install: lean manifests and tarballs on disk, filled through
 * npm's CLI (`npm view`, `npm pack`); `resolved.json` remembers which exact version each range meant.
 */
export class NpmCache {
  private resolved: Record<string, string>;
  private readonly inflight = new Map<string, Promise<string>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly opts: NpmCacheOptions) {
    fs.mkdirSync(opts.dir, { recursive: true });
    try {
      this.resolved = JSON.parse(fs.readFileSync(this.file('resolved.json'), 'utf8'));
    } catch {
      this.resolved = {};
    }
  }

  /** The exact version `name@range` means, from the cache or (online) from npm. */
  async resolve(name: string, range: string): Promise<string> {
    const known = this.resolved[`${name}@${range}`];
    if (known && this.hasManifest(name, known)) return known;
    if (this.opts.offline) {
      const cached = this.offlineMatch(name, range);
      if (cached) return cached;
      throw new NpmCacheMiss(`${name}@${range} is not in the npm cache (offline mode)`);
    }
    const key = `${name}@${range}`;
    let job = this.inflight.get(key);
    if (!job) {
      job = this.limited(() => this.fetchRange(name, range)).finally(() => this.inflight.delete(key));
      this.inflight.set(key, job);
    }
    return job;
  }

  /** Resolves `name@range` and everything it depends on (dependencies and required peers), tarballs too. */
  async fill(name: string, range: string, seen = new Set<string>()): Promise<string> {
    const version = await this.resolve(name, range);
    const id = `${name}@${version}`;
    if (seen.has(id)) return version;
    seen.add(id);
    await this.ensureTarball(name, version);
    const m = this.manifest(name, version);
    const optional = m?.peerDependenciesMeta ?? {};
    const peers = Object.entries(m?.peerDependencies ?? {}).filter(([p]) => !optional[p]?.optional);
    const deps = [...Object.entries(m?.dependencies ?? {}), ...peers];
    await Promise.all(deps.map(([dep, r]) => this.fill(dep, r, seen)));
    return version;
  }

  /** Cached versions of a package, with their lean manifests. */
  versions(name: string): Record<string, Manifest> {
    const dir = this.file('manifests', encodeURIComponent(name));
    const out: Record<string, Manifest> = {};
    for (const f of safeList(dir)) {
      if (!f.endsWith('.json')) continue;
      out[f.slice(0, -5)] = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
    }
    return out;
  }

  /**
   * Offline, what the cache alone can say: an exact version it holds, or for `latest` the newest
   * release it holds (as `npm --offline` reads its cached dist-tags). Other ranges need resolved.json.
   */
  private offlineMatch(name: string, range: string): string | undefined {
    if (EXACT_VERSION.test(range)) return this.hasManifest(name, range) ? range : undefined;
    if (range !== 'latest') return undefined;
    return maxVersion(Object.keys(this.versions(name)).filter((v) => !v.includes('-')));
  }

  latest(name: string): string | undefined {
    return maxVersion(Object.keys(this.versions(name)));
  }

  /** The tarball's file, fetching it online when missing; undefined when it cannot be had. */
  async tarball(name: string, version: string): Promise<string | undefined> {
    if (!this.hasManifest(name, version)) return undefined;
    try {
      await this.ensureTarball(name, version);
    } catch {
      return undefined;
    }
    return this.tarballFile(name, version);
  }

  private async fetchRange(name: string, range: string): Promise<string> {
    let found: Manifest[];
    try {
      found = await npmView(name, range);
    } catch (err) {
      throw new NpmCacheMiss(`npm could not resolve ${name}@${range}: ${(err as NpmCliError).message}`);
    }
    const best = maxVersion(found.map((m) => m.version));
    const manifest = found.find((m) => m.version === best);
    if (!best || !manifest) throw new NpmCacheMiss(`No version of ${name} matches ${range}`);
    const lean = Object.fromEntries(KEEP.filter((k) => k in manifest).map((k) => [k, manifest[k]]));
    writeAtomic(this.file('manifests', encodeURIComponent(name), `${best}.json`), JSON.stringify(lean));
    this.resolved[`${name}@${range}`] = best;
    writeAtomic(this.file('resolved.json'), JSON.stringify(this.resolved, null, 1));
    return best;
  }

  private async ensureTarball(name: string, version: string): Promise<void> {
    const file = this.tarballFile(name, version);
    if (fs.existsSync(file)) return;
    if (this.opts.offline)
      throw new NpmCacheMiss(`${name}@${version}'s tarball is not cached (offline mode)`);
    await this.limited(() => npmPack(name, version, file));
  }

  /** A cached version's lean manifest. */
  manifest(name: string, version: string): Manifest | undefined {
    try {
      return JSON.parse(fs.readFileSync(this.manifestFile(name, version), 'utf8'));
    } catch {
      return undefined;
    }
  }

  private hasManifest(name: string, version: string): boolean {
    return fs.existsSync(this.manifestFile(name, version));
  }

  private manifestFile(name: string, version: string): string {
    return this.file('manifests', encodeURIComponent(name), `${version}.json`);
  }

  private tarballFile(name: string, version: string): string {
    return this.file('tarballs', `${encodeURIComponent(name)}-${version}.tgz`);
  }

  private file(...parts: string[]): string {
    return path.join(this.opts.dir, ...parts);
  }

  // At most `concurrency` npm processes: the machine has two cores.
  private async limited<T>(job: () => Promise<T>): Promise<T> {
    while (this.running >= (this.opts.concurrency ?? 4)) await new Promise<void>((r) => this.waiting.push(r));
    this.running += 1;
    try {
      return await job();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}

function safeList(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

function writeAtomic(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}
