import type { PackagesPath } from './Store.ts';
import type { Db } from './sqlEvents.ts';

/** Package bundles: content-addressed code shared by every approved proposal that built the same. */
export async function putPackageBundle(db: Db, b: { hash: string; code: string; at: number }): Promise<void> {
  await db
    .insertInto('package_bundles')
    .values({ hash: b.hash, code: b.code, size: Buffer.byteLength(b.code), created_at: b.at })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
}

export async function getPackageBundle(db: Db, hash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('package_bundles')
    .select('code')
    .where('hash', '=', hash)
    .executeTakeFirst();
  return row?.code;
}

/** The bundle an active app's current version runs, when `hash` names it; undefined for any other hash. */
export async function getAppPackageBundle(db: Db, appId: string, hash: string): Promise<string | undefined> {
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
}

export async function setProposalPackages(
  db: Db,
  proposalId: string,
  p: { path: PackagesPath; bundleHash: string | null; note: string | null },
): Promise<void> {
  await db
    .updateTable('proposals')
    .set({ packages_path: p.path, bundle_hash: p.bundleHash, bundle_note: p.note })
    .where('id', '=', proposalId)
    .execute();
}

/**
 * Deletes the bundles no active app can run any more: neither its current version nor any version in its
 * history (a rollback makes that version's bundle current again). A removed app's history is not kept.
 */
export async function prunePackageBundles(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('package_bundles')
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
}
