import { CodedError } from '../../validation/errorCodes.ts';
import type {
  Approval,
  ApprovalPackages,
  InstanceRow,
  NewEvent,
  RollbackInput,
  Store,
  StoreTransaction,
} from '../store/Store.ts';

/** An approval: which proposal, by whom, when, what the owner reviewed, and what it records. */
export interface ApproveInput {
  proposalId: string;
  decidedBy: string;
  at: number;
  /** The id a new app takes (an update keeps its app's). */
  instanceId: string;
  /**
   * The app version the owner's diff was against (null: reviewed as a new app); when given and the app
   * of that name is at another version now (or exists now, or no longer), a conflict and no change.
   */
  reviewedVersion?: number | null;
  /** The app that diff was against (null: a new app); when given and another app (or none) has the name now, a conflict. */
  reviewedApp?: string | null;
  events: (approval: Approval) => NewEvent[];
  /** The package build's outcome and bundle, recorded in the same transaction. */
  packages?: ApprovalPackages | null;
}

/**
 * Approves in one transaction: the active app of the same launcher name is updated in place (same id
 * and position, next version), otherwise a new app is added as version 1; then the events it implies.
 */
export function approveUnique(store: Store, input: ApproveInput): Promise<Approval> {
  return store.transaction((tx) => approveIn(tx, input));
}

/** {@link approveUnique} inside the caller's transaction (the demo room's seed approves in its own). */
export async function approveIn(tx: StoreTransaction, input: ApproveInput): Promise<Approval> {
  const p = await tx.getProposal(input.proposalId);
  if (!p) throw new CodedError('not_found', 'No such proposal');
  await tx.lockRoom(p.roomId);
  if (!(await tx.decidePending(p.id, { state: 'approved', at: input.at, by: input.decidedBy }))) {
    const now = await tx.getProposal(p.id);
    throw new CodedError('conflict', `The proposal is already ${now?.state}`);
  }
  // Under the room's lock: the app of this name now, whatever the proposal saw when it was made.
  const target = await tx.findActiveInstanceByName(p.roomId, p.name);
  refuseUnreviewed(p.name, target, { app: input.reviewedApp, version: input.reviewedVersion });
  const approval = target
    ? await updateInPlace(tx, target, input.proposalId)
    : { instance: await addApp(tx, p.roomId, p.name, input), updated: false };
  // The proposal keeps the base it was made against; one made before the app existed gets the one it replaced.
  const base = p.updateOf === target?.id ? (p.baseVersion ?? null) : (target?.version ?? null);
  await tx.setApprovalTarget(
    p.id,
    target ? { updateOf: target.id, baseVersion: base } : { updateOf: null, baseVersion: null },
    input.packages ?? null,
  );
  // With the proposal that names it: a prune can never see the bundle unnamed (see prunePackageBundles).
  if (input.packages?.bundle) await tx.putPackageBundle({ ...input.packages.bundle, at: input.at });
  await tx.insertAppVersion({
    instanceId: approval.instance.id,
    version: approval.instance.version,
    proposalId: p.id,
    approvedBy: input.decidedBy,
    approvedAt: input.at,
    rollbackOf: null,
  });
  for (const e of input.events(approval)) await tx.appendEvent(e);
  return approval;
}

async function updateInPlace(
  tx: StoreTransaction,
  target: InstanceRow,
  proposalId: string,
): Promise<Approval> {
  const instance = { ...target, proposalId, version: target.version + 1 };
  await tx.setCurrentVersion(instance);
  return { instance, updated: true };
}

/** A new app: version 1, after the room's last app. */
async function addApp(tx: StoreTransaction, roomId: string, name: string, input: ApproveInput) {
  const active = await tx.listInstances(roomId);
  const instance: InstanceRow = {
    id: input.instanceId,
    roomId,
    name,
    position: Math.max(-1, ...active.map((i) => i.position)) + 1,
    proposalId: input.proposalId,
    state: 'active',
    createdAt: input.at,
    removedAt: null,
    version: 1,
  };
  await tx.insertInstance(instance);
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

/**
 * Makes an earlier version of an active app current again as its next version (rollback_of set):
 * not_found for an unknown app or version, conflict when that version is the current one.
 */
export function rollbackInstance(store: Store, input: RollbackInput): Promise<InstanceRow> {
  return store.transaction(async (tx) => {
    await tx.lockRoom(input.roomId);
    const current = await tx.getInstance(input.roomId, input.instanceId);
    if (current?.state !== 'active') throw new CodedError('not_found', 'No such app in this room');
    const proposalId = await tx.versionProposal(current.id, input.version);
    if (proposalId === undefined)
      throw new CodedError('not_found', `This app has no version ${input.version}`);
    if (input.version === current.version)
      throw new CodedError('conflict', `Version ${input.version} is the current version`);
    const instance = { ...current, proposalId, version: current.version + 1 };
    await tx.setCurrentVersion(instance);
    await tx.insertAppVersion({
      instanceId: instance.id,
      version: instance.version,
      proposalId,
      approvedBy: input.by,
      approvedAt: input.at,
      rollbackOf: input.version,
    });
    for (const e of input.events(instance)) await tx.appendEvent(e);
    return instance;
  });
}
