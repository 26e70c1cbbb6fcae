import type { ProposalRow, Store } from '../store/Store.ts';
import type { DomainDeps } from './DomainDeps.ts';
import { announce, roomEvent } from './events.ts';
import { buildApprovedPackages } from './packageBundles.ts';

/** Proposals whose move is under way or was tried in this process (per store: tests open many). */
const tried = new WeakMap<Store, Set<string>>();

/**
 * An app approved before pre-bundling existed (packages, no recorded path) runs in Sandpack while its
 * approved packages build in the background (it was approved, so building is allowed); then the path is
 * recorded and `app.packages` tells open launchers to re-read the room, which takes the new path.
 * In the background because a build may take up to its timeout and the launcher's read must not wait.
 */
export function moveToBundle(
  d: Pick<DomainDeps, 'store' | 'bus' | 'now' | 'npm' | 'packageBundles'>,
  roomId: string,
  p: ProposalRow,
): void {
  if (p.state !== 'approved' || p.packagesPath || !p.dependencies || !p.packages?.length) return;
  // With bundles off (or no npm cache) nothing is recorded: the app moves once this server can build.
  if (d.packageBundles === false || !d.npm) return;
  const seen = tried.get(d.store) ?? new Set<string>();
  tried.set(d.store, seen);
  if (seen.has(p.id)) return;
  seen.add(p.id);
  void build(d, roomId, p).catch(() => seen.delete(p.id));
}

async function build(
  d: Pick<DomainDeps, 'store' | 'bus' | 'now' | 'npm' | 'packageBundles'>,
  roomId: string,
  p: ProposalRow,
): Promise<void> {
  const files =
    p.files ??
    (p.repositoryId && p.versionId ? (await d.store.getVersion(p.repositoryId, p.versionId))?.files : {}) ??
    {};
  const outcome = await buildApprovedPackages(d, p, files);
  // Its files import none of its packages: nothing to build, and it stays as it is.
  if (!outcome) return;
  const now = d.now();
  await d.store.setProposalPackages(p.id, outcome, now);
  for (const app of await d.store.listInstances(roomId))
    if (app.proposalId === p.id)
      await d.store.appendEvent(
        roomEvent(roomId, 'app.packages', { app_id: app.id, packages_path: outcome.path }, now),
      );
  announce(d, roomId);
}
