import type { BundleSource } from '../server/npm/buildBundle.ts';
import type { Manifest } from '../server/npm/NpmCache.ts';
import type { PinnedPackage } from '../validation/views.ts';

/** Packed tarballs on disk by integrity (each package's integrity is its name), read as a build reads the npm cache. */
export function localTarballs(): { tarballs: Map<string, string>; source: BundleSource } {
  const tarballs = new Map<string, string>();
  const source: BundleSource = {
    tarball: (integrity) => tarballs.get(integrity),
    manifest: (name, version) => ({ name, version, dist: { integrity: name, tarball: '' } }) as Manifest,
  };
  return { tarballs, source };
}

/** A direct package pinned as a proposal pins it, its integrity its name (see localTarballs). */
export function pinned(name: string, version = '1.0.0'): PinnedPackage {
  return {
    name,
    version,
    integrity: name,
    license: 'MIT',
    role: 'direct',
    unpacked_size: null,
    expected_path: 'bundle',
    expected_note: null,
  };
}
