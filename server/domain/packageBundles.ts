import { BundleFailed, buildBundle } from '../npm/buildBundle.ts';
import type { NpmCache } from '../npm/NpmCache.ts';
import type { PackagesPath, ProposalRow, Store } from '../store/Store.ts';

export interface PackagesOutcome {
  path: PackagesPath;
  bundleHash: string | null;
  note: string | null;
}

/**
 * Builds an approved proposal's reviewed packages into one bundle (called on approval only: nothing
 * is built for an unreviewed proposal) and keeps it; a set that cannot be built goes to Sandpack, and
 * the note says why. Null when the app imports no package.
 */
export async function buildApprovedPackages(
  d: { store: Store; npm?: NpmCache; now: () => number; packageBundles?: boolean },
  proposal: ProposalRow,
  files: Record<string, string>,
): Promise<PackagesOutcome | null> {
  const packages = proposal.packages;
  if (!packages || packages.length === 0) return null;
  if (d.packageBundles === false)
    return {
      path: 'sandpack',
      bundleHash: null,
      note: 'Runs in Sandpack: this server builds no package bundles',
    };
  const npm = d.npm;
  if (!npm) return { path: 'sandpack', bundleHash: null, note: 'This server cannot build npm packages' };
  try {
    // Online, a tarball the proposal's prefetch has not brought yet comes now (checked against its hash).
    await Promise.all(packages.map((p) => npm.ensureTarball(p.name, p.version, p.integrity)));
    const bundle = await buildBundle(npm, packages, files);
    if (!bundle) return null;
    await d.store.putPackageBundle({ hash: bundle.hash, code: bundle.code, at: d.now() });
    return { path: 'bundle', bundleHash: bundle.hash, note: null };
  } catch (err) {
    const why = err instanceof BundleFailed ? err.message : (err as Error).message;
    return {
      path: 'sandpack',
      bundleHash: null,
      note: `Runs in Sandpack: the packages could not be pre-built (${why.slice(0, 500)})`,
    };
  }
}

/** Drops the bundles no active app's current or earlier versions need (after an app is removed). */
export async function pruneBundles(store: Store): Promise<void> {
  await store.prunePackageBundles();
}
