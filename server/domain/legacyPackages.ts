import type { ApprovalPackages, ProposalRow } from '../store/Store.ts';
import type { DomainDeps } from './DomainDeps.ts';
import { announce, roomEvent } from './events.ts';
import { buildApprovedPackages } from './packageBundles.ts';

type Deps = Pick<DomainDeps, 'store' | 'bus' | 'now' | 'npm' | 'packageBundles'>;

/** Builds started for one app version at most: the first on a read of its room, the rest by the retry job. */
export const PACKAGE_BUILD_ATTEMPTS = 3;
/**
 * How long after each claim the next may begin: longer than a build waits for its turn and runs, so
 * another server's retry job does not double one still under way (this server's skips its own: `building`).
 */
export const PACKAGE_RETRY_AFTER_MS = [10 * 60_000, 60 * 60_000];
/** How often each server looks for builds due again. */
const RETRY_EVERY_MS = 30_000;

/**
 * An app approved before pre-bundling existed (packages, no recorded path) runs in Sandpack while its
 * approved packages build in the background (it was approved, so building is allowed); then the path is
 * recorded and `app.packages` tells open launchers to re-read the room, which takes the new path.
 * In the background because a build may take up to its timeout and the launcher's read must not wait.
 * Only the first build starts here: one counted before (on any server, before any restart) is the
 * retry job's, so a build that kills its server is not started again by every read after a restart.
 */
export function moveToBundle(d: Deps, roomId: string, p: ProposalRow): void {
  if (p.state !== 'approved' || p.packagesPath || !p.dependencies || !p.packages?.length) return;
  // With bundles off (or no npm cache) nothing is recorded: the app moves once this server can build.
  if (d.packageBundles === false || !d.npm) return;
  if ((p.bundleAttempts ?? 0) > 0) return;
  // A failure after the count is the retry job's to take up.
  void attempt(d, roomId, p, 0).catch(() => undefined);
}

/**
 * Starts the builds that are due again (a failure, or a server that died building), oldest first, one at a
 * time; at most PACKAGE_BUILD_ATTEMPTS builds per app version, each a claim no other server can double.
 */
export async function retryPackageBuilds(d: Deps): Promise<number> {
  if (d.packageBundles === false || !d.npm) return 0;
  const due = await d.store.duePackageBuilds(d.now(), PACKAGE_BUILD_ATTEMPTS, 10);
  for (const { proposalId, roomId, attempts } of due) {
    if (building.has(proposalId)) continue;
    const p = await d.store.getProposal(proposalId);
    if (p) await attempt(d, roomId, p, attempts).catch(() => undefined);
  }
  return due.length;
}

/** Runs retryPackageBuilds every 30 s (never two at once) until the returned function is called. */
export function startPackageBuildRetries(d: Deps): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void retryPackageBuilds(d)
      .catch(() => 0)
      .finally(() => {
        running = false;
      });
  }, RETRY_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Proposals whose after-approval build this process has claimed and not finished. */
const building = new Set<string>();

async function attempt(d: Deps, roomId: string, p: ProposalRow, seen: number): Promise<void> {
  if (building.has(p.id)) return;
  building.add(p.id);
  try {
    await claimAndBuild(d, roomId, p, seen);
  } finally {
    building.delete(p.id);
  }
}

async function claimAndBuild(d: Deps, roomId: string, p: ProposalRow, seen: number): Promise<void> {
  const retryAt = d.now() + (PACKAGE_RETRY_AFTER_MS[seen] ?? 0);
  if (!(await d.store.claimPackageBuild(p.id, seen, retryAt))) return;
  // Counted before yet never recorded: that build did not finish (its server died). Say so first, durably.
  if (seen > 0 && !p.packagesPath)
    await record(d, roomId, p, {
      path: 'sandpack',
      bundle: null,
      note: 'Runs in Sandpack: an earlier build of its packages did not finish',
    });
  const files =
    p.files ??
    (p.repositoryId && p.versionId ? (await d.store.getVersion(p.repositoryId, p.versionId))?.files : {}) ??
    {};
  const outcome = await buildApprovedPackages(d, p, files);
  // Its files import none of its packages: nothing to build, and it stays as it is.
  if (outcome) await record(d, roomId, (await d.store.getProposal(p.id)) ?? p, outcome);
}

/** Keeps the outcome; open launchers hear of it when the path changed. */
async function record(d: Deps, roomId: string, p: ProposalRow, outcome: ApprovalPackages): Promise<void> {
  const now = d.now();
  await d.store.setProposalPackages(p.id, outcome, now);
  if (p.packagesPath === outcome.path) return;
  for (const app of await d.store.listInstances(roomId))
    if (app.proposalId === p.id)
      await d.store.appendEvent(
        roomEvent(roomId, 'app.packages', { app_id: app.id, packages_path: outcome.path }, now),
      );
  announce(d, roomId);
}
