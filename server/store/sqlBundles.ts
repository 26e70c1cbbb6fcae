import type { ApprovalPackages, BundleStore, BundleTransaction } from './Store.ts';
import type { Db } from './sqlEvents.ts';

/**
 * Package bundles: content-addressed code shared by every approved proposal that built the same. Put
 * inside the approval's transaction; `created_at` is when a bundle was last put, and putting it again
 * touches it (the row lock makes a concurrent prune wait, then re-check that time).
 */
async function putPackageBundle(db: Db, b: { hash: string; code: string; at: number }): Promise<void> {
  await db
    .insertInto('package_bundles')
    .values({ hash: b.hash, code: b.code, size: Buffer.byteLength(b.code), created_at: b.at })
    .onConflict((oc) => oc.column('hash').doUpdateSet({ created_at: b.at }))
    .execute();
}

/** The proposal columns an approval's package outcome sets. */
export function packageColumns(p: ApprovalPackages) {
  return { packages_path: p.path, bundle_hash: p.bundle?.hash ?? null, bundle_note: p.note };
}

export const sqlBundleTransaction = (trx: Db): BundleTransaction => ({
  putPackageBundle: (bundle) => putPackageBundle(trx, bundle),
});

export const sqlBundleStore = (db: Db): BundleStore => ({
  async getPackageBundle(hash) {
    const row = await db
      .selectFrom('package_bundles')
      .select('code')
      .where('hash', '=', hash)
      .executeTakeFirst();
    return row?.code;
  },

  /** The bundle an active app's current version runs, when `hash` names it; undefined for any other hash. */
  async getAppPackageBundle(appId, hash) {
    const row = await db
      .selectFrom('instances')
      .innerJoin('proposals', 'proposals.id', 'instances.proposal_id')
      .innerJoin('package_bundles', 'package_bundles.hash', 'proposals.bundle_hash')
      .select('package_bundles.code')
      .where('instances.id', '=', appId)
      .where('instances.state', '=', 'active')
      .where('proposals.packages_path', '=', 'bundle')
      .where('package_bundles.hash', '=', hash)
      .executeTakeFirst();
    return row?.code;
  },

  /** Records an already approved proposal's package outcome with its bundle, in one transaction. */
  async setProposalPackages(proposalId, p, at) {
    await db.transaction().execute(async (trx) => {
      if (p.bundle) await putPackageBundle(trx, { ...p.bundle, at });
      await trx.updateTable('proposals').set(packageColumns(p)).where('id', '=', proposalId).execute();
    });
  },

  /**
   * Deletes the bundles no active app can run any more: neither its current version nor any version in its
   * history (a rollback makes that version's bundle current again). A removed app's history is not kept.
   * Bundles put at or after `keepSince` stay: on PostgreSQL a prune whose snapshot predates an approval
   * still being committed would not see that approval name the bundle, but does see the touched time.
   */
  async prunePackageBundles(keepSince) {
    const result = await db
      .deleteFrom('package_bundles')
      .where('created_at', '<', keepSince)
      .where(({ not, exists, or, selectFrom }) =>
        not(
          or([
            exists(
              selectFrom('proposals')
                .innerJoin('instances', 'instances.proposal_id', 'proposals.id')
                .select('proposals.id')
                .whereRef('proposals.bundle_hash', '=', 'package_bundles.hash')
                .where('instances.state', '=', 'active'),
            ),
            exists(
              selectFrom('proposals')
                .innerJoin('app_versions', 'app_versions.proposal_id', 'proposals.id')
                .innerJoin('instances', 'instances.id', 'app_versions.instance_id')
                .select('proposals.id')
                .whereRef('proposals.bundle_hash', '=', 'package_bundles.hash')
                .where('instances.state', '=', 'active'),
            ),
          ]),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /**
   * Counts one more build of an approved proposal's packages and sets when the next may start, only when
   * `seen` builds were counted so far: of servers racing to build it, one gets true.
   */
  async claimPackageBuild(proposalId, seen, retryAt) {
    const result = await db
      .updateTable('proposals')
      .set({ bundle_attempts: seen + 1, bundle_retry_at: retryAt })
      .where('id', '=', proposalId)
      .where('state', '=', 'approved')
      .where('bundle_attempts', '=', seen)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * Apps' current versions whose after-approval build may start again at `now`: started before, fewer than
   * `maxAttempts` times, and not on the bundle path yet (failed, or its server died while building).
   */
  async duePackageBuilds(now, maxAttempts, limit) {
    const rows = await db
      .selectFrom('proposals')
      .innerJoin('instances', 'instances.proposal_id', 'proposals.id')
      .select(['proposals.id', 'instances.room_id', 'proposals.bundle_attempts'])
      .where('instances.state', '=', 'active')
      .where('proposals.bundle_attempts', '>', 0)
      .where('proposals.bundle_attempts', '<', maxAttempts)
      .where('proposals.bundle_retry_at', '<=', now)
      .where((eb) =>
        eb.or([eb('proposals.packages_path', 'is', null), eb('proposals.packages_path', '=', 'sandpack')]),
      )
      .orderBy('proposals.bundle_retry_at')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ proposalId: r.id, roomId: r.room_id, attempts: Number(r.bundle_attempts) }));
  },
});
