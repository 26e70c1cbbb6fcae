import { buildBundleApart } from '../npm/buildApart.ts';
import { BundleFailed } from '../npm/buildBundle.ts';
import type { NpmCache } from '../npm/NpmCache.ts';
import type { ApprovalPackages, ProposalRow, Store } from '../store/Store.ts';
import { fairBuilds } from './FairBuilds.ts';

/** Bundles put this recently are never pruned: an approval may be committing one (sqlBundles.ts). */
export const BUNDLE_PRUNE_GRACE_MS = 10 * 60_000;

/**
 * Builds an approved proposal's reviewed packages into one bundle (called on approval only: nothing
 * is built for an unreviewed proposal); the approval's transaction keeps it. A set that cannot be built
 * goes to Sandpack, and the note says why. Null when the app imports no package. Builds take turns by
 * `turn` (the approver, or the background moves): see FairBuilds.
 */
export async function buildApprovedPackages(
  d: { npm?: NpmCache; packageBundles?: boolean },
  proposal: ProposalRow,
  files: Record<string, string>,
  turn = 'background',
): Promise<ApprovalPackages | null> {
  const packages = proposal.packages;
  if (!packages || packages.length === 0) return null;
  if (d.packageBundles === false)
    return {
      path: 'sandpack',
      bundle: null,
      note: 'Runs in Sandpack: this server builds no package bundles',
    };
  const npm = d.npm;
  if (!npm) return { path: 'sandpack', bundle: null, note: 'This server cannot build npm packages' };
  try {
    // Online, a tarball the proposal's prefetch has not brought yet comes now (checked against its hash).
    await Promise.all(packages.map((p) => npm.ensureTarball(p.name, p.version, p.integrity)));
    const bundle = await fairBuilds.run(turn, () => buildBundleApart(npm, packages, files));
    if (!bundle) return null;
    return { path: 'bundle', bundle: { hash: bundle.hash, code: bundle.code }, note: null };
  } catch (err) {
    const why = withoutServerPaths(err instanceof BundleFailed ? err.message : (err as Error).message);
    return {
      path: 'sandpack',
      bundle: null,
      note: `Runs in Sandpack: the packages could not be pre-built (${why.slice(0, 500)})`,
    };
  }
}

/** A message with this server's absolute paths cut out: a note names packages and their files only. */
function withoutServerPaths(message: string): string {
  return message.replace(/(^|[\s'"(=])\/[^\s'"()]+/g, '$1…');
}

/** Drops the bundles no active app's current or earlier versions need (after an app is removed). */
export async function pruneBundles(d: { store: Store; now: () => number }): Promise<void> {
  await d.store.prunePackageBundles(d.now() - BUNDLE_PRUNE_GRACE_MS);
}
