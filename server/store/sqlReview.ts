import type { Selectable } from 'kysely';
import { CodedError } from '../../validation/errorCodes.ts';
import type { PinnedPackage } from '../npm/resolveTree.ts';
import { skeletonKey } from './nameSkeletons.ts';
import type { ApprovalPackages, IdempotencyKey, NewEvent, ProposalRow, ProposalState } from './Store.ts';
import type { Tables } from './schema.ts';
import { packageColumns } from './sqlBundles.ts';
import { type Db, insertEvent, lockRoom } from './sqlEvents.ts';
import { listInstanceRows } from './sqlInstances.ts';

/** Proposals and instances: the statements behind the review gate, each write one transaction. */
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

export async function getProposal(db: Db, id: string): Promise<ProposalRow | undefined> {
  const row = await db.selectFrom('proposals').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toProposal(row) : undefined;
}

/** The proposals with these ids, in one query (an empty list asks nothing). */
export async function getProposals(db: Db, ids: string[]): Promise<ProposalRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('proposals').selectAll().where('id', 'in', ids).execute();
  return rows.map(toProposal);
}

export async function findIdempotencyKey(
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

export function insertProposalOnce(
  db: Db,
  p: ProposalRow,
  k: IdempotencyKey,
  event: NewEvent,
): Promise<{ created: true } | { created: false; proposalId: string; fingerprint: string }> {
  return db.transaction().execute(async (trx) => {
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
  });
}

export async function listProposals(
  db: Db,
  roomId: string,
  filter: { state?: ProposalState; proposerId?: string },
): Promise<ProposalRow[]> {
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
}

/** Decides a pending proposal; false when it was no longer pending (another decision came first). */
export async function decidePending(
  db: Db,
  proposalId: string,
  d: { state: 'approved'; at: number; by: string },
): Promise<boolean> {
  const decided = await db
    .updateTable('proposals')
    .set({ state: d.state, decided_at: d.at, decided_by: d.by })
    .where('id', '=', proposalId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return decided.numUpdatedRows === 1n;
}

/** Records the app an approved proposal updated (or none), the base it was against, and its packages. */
export async function setApprovalTarget(
  db: Db,
  proposalId: string,
  target: { updateOf: string | null; baseVersion: number | null },
  packages: ApprovalPackages | null,
): Promise<void> {
  await db
    .updateTable('proposals')
    .set({
      update_of: target.updateOf,
      base_version: target.baseVersion,
      ...(packages ? packageColumns(packages) : {}),
    })
    .where('id', '=', proposalId)
    .execute();
}

export function declineProposal(
  db: Db,
  input: { proposalId: string; decidedBy: string; at: number; reason: string | null; event: NewEvent },
): Promise<void> {
  return db.transaction().execute(async (trx) => {
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
    if (info.numUpdatedRows !== 1n) throw new CodedError('conflict', 'The proposal is no longer pending');
    await insertEvent(trx, input.event);
  });
}

export function removeInstance(
  db: Db,
  roomId: string,
  instanceId: string,
  at: number,
  event: NewEvent,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const info = await trx
      .updateTable('instances')
      .set({ state: 'removed', removed_at: at })
      .where('room_id', '=', roomId)
      .where('id', '=', instanceId)
      .where('state', '=', 'active')
      .executeTakeFirst();
    if (info.numUpdatedRows !== 1n) return false;
    await insertEvent(trx, event);
    return true;
  });
}

export function reorderInstances(db: Db, roomId: string, ids: string[], event: NewEvent): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await lockRoom(trx, roomId);
    const active = (await listInstanceRows(trx, roomId)).map((r) => r.id);
    const same =
      active.length === ids.length &&
      new Set(ids).size === ids.length &&
      ids.every((id) => active.includes(id));
    if (!same)
      throw new CodedError('bad_request', 'List every app of the room exactly once', { apps: active });
    for (const [position, id] of ids.entries())
      await trx
        .updateTable('instances')
        .set({ position })
        .where('room_id', '=', roomId)
        .where('id', '=', id)
        .execute();
    await insertEvent(trx, event);
  });
}

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
