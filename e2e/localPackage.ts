import { createHash } from 'node:crypto';
import { type Manifest, NpmCache } from '../server/npm/NpmCache.ts';
import { type Packument, RegistryClient, type RegistryManifest } from '../server/npm/RegistryClient.ts';
import { packageEntries, packTarball } from '../test-support/packTarball.ts';

/** A package of the tests' own (`package.json` names it): files, and a version named after them. */
export interface LocalPackage {
  name: string;
  version: string;
  files: Record<string, string>;
}

/** Serves one local package to an NpmCache in process: its document and a real tarball, no network. */
class LocalRegistry extends RegistryClient {
  constructor(
    private readonly pkg: LocalPackage,
    private readonly tgz: Buffer,
  ) {
    super(async () => ({}));
  }

  override async packument(name: string): Promise<Packument> {
    const integrity = `sha512-${createHash('sha512').update(this.tgz).digest('base64')}`;
    const { version } = this.pkg;
    const manifest = {
      ...JSON.parse(this.pkg.files['package.json'] ?? '{}'),
      license: 'MIT',
      dist: { integrity, tarball: `http://127.0.0.1/${name}/-/${name}-${version}.tgz` },
    } as RegistryManifest;
    return { name, 'dist-tags': {}, versions: { [version]: manifest } };
  }

  override async tarball(): Promise<Buffer> {
    return this.tgz;
  }
}

/** Puts a local package into the npm cache at `dir` (a no-op when this version is there). */
export async function cacheLocalPackage(dir: string, pkg: LocalPackage): Promise<void> {
  const cache = new NpmCache({ dir, offline: false, registry: new LocalRegistry(pkg, Buffer.alloc(0)) });
  const held: Manifest | undefined = cache.manifest(pkg.name, pkg.version);
  if (held && cache.tarball(held.dist.integrity)) return;
  const filling = new NpmCache({
    dir,
    offline: false,
    registry: new LocalRegistry(pkg, await packTarball(packageEntries(pkg.files))),
  });
  const manifest = await filling.pick(pkg.name, pkg.version);
  await filling.ensureTarball(pkg.name, pkg.version, manifest.dist.integrity);
}

/** A package whose version names its files: a changed package is a new version, never a stale cache entry. */
export function localPackage(name: string, files: Record<string, string>): LocalPackage {
  const version = `0.0.0-p${createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 12)}`;
  return {
    name,
    version,
    files: {
      ...files,
      'package.json': JSON.stringify({ name, version, ...JSON.parse(files['package.json'] ?? '{}') }),
    },
  };
}
