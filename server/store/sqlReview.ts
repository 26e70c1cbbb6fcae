import type { Selectable } from 'kysely';
import { CodedError } from '../../validation/errorCodes.ts';
import type { PinnedPackage } from '../npm/resolveTree.ts';
import { skeletonKey } from './nameSkeletons.ts';
import type {
  Approval,
  ApprovalPackages,
  IdempotencyKey,
  InstanceRow,
  NewEvent,
  ProposalRow,
  ProposalState,
} from './Store.ts';
import type { Tables } from './schema.ts';
import { findActiveByName, insertAppVersion, setCurrentVersion } from './sqlAppVersions.ts';
import { packageColumns, putPackageBundle } from './sqlBundles.ts';
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

export interface ApproveInput {
  proposalId: string;
  decidedBy: string;
  at: number;
  instanceId: string;
  /** The app version the reviewed diff was against (null: a new app); undefined: not checked. */
  reviewedVersion?: number | null;
  /** The app the reviewed diff was against (null: a new app); undefined: not checked. */
  reviewedApp?: string | null;
  events: (approval: Approval) => NewEvent[];
  /** What the approval's package build decided, recorded in this transaction with the bundle it made. */
  packages?: ApprovalPackages | null;
}

/**
 * Approves inside the caller's transaction: the active app of the same name is updated in place (its
 * next version), otherwise a new app takes the next position as version 1; then the events.
 */
export async function approveIn(trx: Db, input: ApproveInput): Promise<Approval> {
  const p = await trx
    .selectFrom('proposals')
    .select(['room_id', 'name', 'update_of', 'base_version'])
    .where('id', '=', input.proposalId)
    .executeTakeFirst();
  if (!p) throw new CodedError('not_found', 'No such proposal');
  const roomId = p.room_id;
  await lockRoom(trx, roomId);
  const decided = await trx
    .updateTable('proposals')
    .set({ state: 'approved', decided_at: input.at, decided_by: input.decidedBy })
    .where('id', '=', input.proposalId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (decided.numUpdatedRows !== 1n) {
    const now = await trx
      .selectFrom('proposals')
      .select('state')
      .where('id', '=', input.proposalId)
      .executeTakeFirstOrThrow();
    throw new CodedError('conflict', `The proposal is already ${now.state}`);
  }
  // Under the room's lock: the app of this name now, whatever the proposal saw when it was made.
  const target = await findActiveByName(trx, roomId, p.name);
  refuseUnreviewed(p.name, target, { app: input.reviewedApp, version: input.reviewedVersion });
  const approval = target
    ? await updateInPlace(trx, target, input)
    : { instance: await insertInstance(trx, roomId, p.name, input), updated: false };
  // The proposal keeps the base it was made against; one made before the app existed gets the one it replaced.
  const base = p.update_of === target?.id ? p.base_version : (target?.version ?? null);
  await trx
    .updateTable('proposals')
    .set({
      ...(target ? { update_of: target.id, base_version: base } : { update_of: null, base_version: null }),
      ...(input.packages ? packageColumns(input.packages) : {}),
    })
    .where('id', '=', input.proposalId)
    .execute();
  // With the proposal that names it: a prune can never see the bundle unnamed (see prunePackageBundles).
  if (input.packages?.bundle) await putPackageBundle(trx, { ...input.packages.bundle, at: input.at });
  await insertAppVersion(trx, {
    instanceId: approval.instance.id,
    version: approval.instance.version,
    proposalId: input.proposalId,
    approvedBy: input.decidedBy,
    approvedAt: input.at,
    rollbackOf: null,
  });
  for (const e of input.events(approval)) await insertEvent(trx, e);
  return approval;
}

async function updateInPlace(trx: Db, target: InstanceRow, input: ApproveInput): Promise<Approval> {
  const instance = { ...target, proposalId: input.proposalId, version: target.version + 1 };
  await setCurrentVersion(trx, instance);
  return { instance, updated: true };
}

async function insertInstance(trx: Db, roomId: string, name: string, input: ApproveInput) {
  const active = await trx
    .selectFrom('instances')
    .select('position')
    .where('room_id', '=', roomId)
    .where('state', '=', 'active')
    .execute();
  const instance: InstanceRow = {
    id: input.instanceId,
    roomId,
    name,
    position: Math.max(-1, ...active.map((r) => Number(r.position))) + 1,
    proposalId: input.proposalId,
    state: 'active',
    createdAt: input.at,
    removedAt: null,
    version: 1,
  };
  await trx
    .insertInto('instances')
    .values({
      id: instance.id,
      room_id: roomId,
      name,
      skeleton_sha256: skeletonKey(name),
      position: instance.position,
      proposal_id: instance.proposalId,
      state: 'active',
      created_at: instance.createdAt,
      version: 1,
    })
    .execute();
  return instance;
}

/**
 * The owner approves what they read: a diff against that app at that version, or a new app. Versions count
 * per app, so the app is checked too: one removed and another of its name approved since can share a number.
 */
function refuseUnreviewed(
  name: string,
  target: InstanceRow | undefined,
  reviewed: { app?: string | null; version?: number | null },
) {
  const now = { app: target?.id ?? null, version: target?.version ?? null };
  const otherApp = reviewed.app !== undefined && reviewed.app !== now.app;
  if (!otherApp && (reviewed.version === undefined || reviewed.version === now.version)) return;
  const was =
    (otherApp ? reviewed.app : reviewed.version) === null
      ? 'as a new app'
      : otherApp
        ? 'against an app removed since'
        : `against version ${reviewed.version}`;
  const is = !target
    ? `there is no app named “${name}” now`
    : otherApp
      ? `“${name}” is another app now`
      : `“${name}” is at version ${now.version} now`;
  throw new CodedError('conflict', `Not approved: you reviewed it ${was}, and ${is}. Review it again.`, {
    current_app: now.app,
    current_version: now.version,
  });
}

export function approveUnique(db: Db, input: ApproveInput): Promise<Approval> {
  return db.transaction().execute((trx) => approveIn(trx, input));
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
