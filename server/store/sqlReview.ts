import type { Selectable } from 'kysely';
import type { PinnedPackage } from '../npm/resolveTree.ts';
import { skeletonKey } from './nameSkeletons.ts';
import type { IdempotencyKey, ProposalRow, ReviewStore, ReviewTransaction } from './Store.ts';
import type { Tables } from './schema.ts';
import { packageColumns } from './sqlBundles.ts';
import { type Db, insertEvent, lockRoom } from './sqlEvents.ts';

/** Proposals: the statements behind the review gate, each write of the store one transaction. */
export async function insertProposalRow(db: Db, p: ProposalRow): Promise<void> {
  await db
    .insertInto('proposals')
    .values({
      id: p.id,
      room_id: p.roomId,
      proposer_id: p.proposerId,
      kind: p.kind,
      name: p.name,
      skeleton_sha256: skeletonKey(p.name),
      files_json: p.files ? JSON.stringify(p.files) : null,
      repository_id: p.repositoryId,
      version_id: p.versionId,
      content_sha256: p.contentSha256,
      state: p.state,
      decline_reason: p.declineReason,
      created_at: p.createdAt,
      decided_at: p.decidedAt,
      decided_by: p.decidedBy,
      dependencies_json: p.dependencies ? JSON.stringify(p.dependencies) : null,
      packages_json: p.packages ? JSON.stringify(p.packages) : null,
      update_of: p.updateOf ?? null,
      base_version: p.baseVersion ?? null,
    })
    .execute();
}

async function findIdempotencyKey(
  db: Db,
  k: Omit<IdempotencyKey, 'fingerprint'>,
): Promise<{ proposalId: string; fingerprint: string } | undefined> {
  const found = await db
    .selectFrom('idempotency_keys')
    .select(['proposal_id', 'fingerprint'])
    .where('person_id', '=', k.personId)
    .where('tool', '=', k.tool)
    .where('room_id', '=', k.roomId)
    .where('key', '=', k.key)
    .executeTakeFirst();
  return found ? { proposalId: found.proposal_id, fingerprint: found.fingerprint } : undefined;
}

/** A proposal's decision inside an approval's transaction. */
export const sqlReviewTransaction = (trx: Db): ReviewTransaction => ({
  async getProposal(id) {
    const row = await trx.selectFrom('proposals').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toProposal(row) : undefined;
  },

  /** Decides a pending proposal; false when it was no longer pending (another decision came first). */
  async decidePending(proposalId, d) {
    const decided = await trx
      .updateTable('proposals')
      .set({ state: d.state, decided_at: d.at, decided_by: d.by })
      .where('id', '=', proposalId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return decided.numUpdatedRows === 1n;
  },

  /** Records the app an approved proposal updated (or none), the base it was against, and its packages. */
  async setApprovalTarget(proposalId, target, packages) {
    await trx
      .updateTable('proposals')
      .set({
        update_of: target.updateOf,
        base_version: target.baseVersion,
        ...(packages ? packageColumns(packages) : {}),
      })
      .where('id', '=', proposalId)
      .execute();
  },
});

export const sqlReviewStore = (db: Db): ReviewStore => ({
  insertProposal: (p) => insertProposalRow(db, p),
  getProposal: sqlReviewTransaction(db).getProposal,

  /** The proposals with these ids, in one query (an empty list asks nothing). */
  async getProposals(ids) {
    if (ids.length === 0) return [];
    const rows = await db.selectFrom('proposals').selectAll().where('id', 'in', ids).execute();
    return rows.map(toProposal);
  },

  findIdempotencyKey: (k) => findIdempotencyKey(db, k),

  insertProposalOnce: (p, k, event) =>
    db.transaction().execute(async (trx) => {
      // Under the room's lock, a retry racing the first call finds its key instead of colliding.
      await lockRoom(trx, k.roomId);
      const found = await findIdempotencyKey(trx, k);
      if (found) return { created: false as const, ...found };
      await insertProposalRow(trx, p);
      await trx
        .insertInto('idempotency_keys')
        .values({
          person_id: k.personId,
          tool: k.tool,
          room_id: k.roomId,
          key: k.key,
          fingerprint: k.fingerprint,
          proposal_id: p.id,
          created_at: p.createdAt,
        })
        .execute();
      await insertEvent(trx, event);
      return { created: true as const };
    }),

  async listProposals(roomId, filter) {
    const rows = await db
      .selectFrom('proposals')
      .selectAll()
      .where('room_id', '=', roomId)
      .$if(filter.state !== undefined, (q) => q.where('state', '=', filter.state as string))
      .$if(filter.proposerId !== undefined, (q) => q.where('proposer_id', '=', filter.proposerId as string))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toProposal);
  },

  declineProposal: (input) =>
    db.transaction().execute(async (trx) => {
      const info = await trx
        .updateTable('proposals')
        .set({
          state: 'declined',
          decided_at: input.at,
          decided_by: input.decidedBy,
          decline_reason: input.reason,
        })
        .where('id', '=', input.proposalId)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (info.numUpdatedRows !== 1n) return false;
      await insertEvent(trx, input.event);
      return true;
    }),
});

function toProposal(row: Selectable<Tables['proposals']>): ProposalRow {
  return {
    id: row.id,
    roomId: row.room_id,
    proposerId: row.proposer_id,
    kind: row.kind as ProposalRow['kind'],
    name: row.name,
    files: row.files_json == null ? null : (JSON.parse(row.files_json) as Record<string, string>),
    repositoryId: row.repository_id,
    versionId: row.version_id,
    contentSha256: row.content_sha256,
    state: row.state as ProposalRow['state'],
    declineReason: row.decline_reason,
    createdAt: Number(row.created_at),
    decidedAt: row.decided_at == null ? null : Number(row.decided_at),
    decidedBy: row.decided_by,
    dependencies:
      row.dependencies_json == null ? null : (JSON.parse(row.dependencies_json) as Record<string, string>),
    packages: row.packages_json == null ? null : (JSON.parse(row.packages_json) as PinnedPackage[]),
    updateOf: row.update_of,
    baseVersion: row.base_version == null ? null : Number(row.base_version),
    packagesPath: row.packages_path as ProposalRow['packagesPath'],
    bundleHash: row.bundle_hash,
    bundleNote: row.bundle_note,
    bundleAttempts: Number(row.bundle_attempts ?? 0),
  };
}
