import { CodedError } from '../../validation/errorCodes.ts';
import { networkDeclarationOf } from '../../validation/networkDeclaration.ts';
import type { ApprovedApp, Inbox, ProposalView } from '../../validation/views.ts';
import type { ProposalRow, RoomForPerson } from '../store/Store.ts';
import { networkRulesOf } from './appNetwork.ts';
import { approveUnique } from './approvalRules.ts';
import { proposalUpdate } from './appVersions.ts';
import type { Principal } from './auth.ts';
import type { DomainDeps } from './DomainDeps.ts';
import { announce, ownerEvent, roomEvent } from './events.ts';
import { newId } from './ids.ts';
import { refuseLookAlikeApproval } from './lookAlikeNames.ts';
import { buildApprovedPackages } from './packageBundles.ts';
import { eventData } from './proposals.ts';
import { toProposalView } from './proposalView.ts';
import { roomFor } from './roomAccess.ts';

/**
 * Proposals with their full files: the owner gets every one in `state` (pending by default); anyone
 * else only their own, so nothing pending of another person ever reaches a member.
 */
export async function listProposals(
  d: DomainDeps,
  who: Principal,
  roomId: string,
  state: ProposalRow['state'] | 'all' = 'pending',
  withFiles = true,
): Promise<ProposalView[]> {
  const room = await roomFor(d.store, who, roomId);
  const filter = {
    ...(state === 'all' ? {} : { state }),
    ...(room.role === 'owner' ? {} : { proposerId: who.personId }),
  };
  const rows = await d.store.listProposals(room.id, filter);
  const names = room.role === 'owner' ? await proposerNames(d, rows) : new Map<string, string>();
  return Promise.all(
    rows.map(async (p) =>
      toProposalView(p, {
        update: await proposalUpdate(d.store, p),
        ...(withFiles ? withNetwork(d, await filesOf(d, p)) : {}),
        ...named(names, p),
      }),
    ),
  );
}

/** One inbox for an owner of many rooms: every pending proposal of the rooms they own, without files. */
export async function listInbox(d: DomainDeps, who: Principal): Promise<Inbox> {
  const owned = (await d.store.listRoomsFor(who.personId)).filter((r) => r.role === 'owner');
  const rooms = await Promise.all(
    owned.map(async (room) => ({
      id: room.id,
      name: room.name,
      proposals: await listProposals(d, who, room.id, 'pending', false),
    })),
  );
  return { total: rooms.reduce((n, r) => n + r.proposals.length, 0), rooms };
}

/** One proposal for the owner or its proposer; not_found for everyone else. */
export async function readProposal(
  d: DomainDeps,
  who: Principal,
  roomId: string,
  proposalId: string,
): Promise<ProposalView> {
  const { room, proposal } = await visibleProposal(d, who, roomId, proposalId);
  const names = room.role === 'owner' ? await proposerNames(d, [proposal]) : new Map<string, string>();
  return toProposalView(proposal, {
    update: await proposalUpdate(d.store, proposal),
    ...withNetwork(d, await filesOf(d, proposal)),
    ...named(names, proposal),
  });
}

/**
 * Approves in one transaction: an update replaces the same-name app's code in place (same id, tab,
 * position and data, next version, `app.updated`); anything else adds a new app (`app.added`).
 */
export async function approveProposal(
  d: DomainDeps,
  who: Principal,
  roomId: string,
  proposalId: string,
  opts: { reviewedVersion?: unknown; reviewedApp?: unknown } = {},
): Promise<ApprovedApp> {
  const reviewedVersion = reviewedVersionOf(opts.reviewedVersion);
  const reviewedApp = reviewedAppOf(opts.reviewedApp);
  const { room, proposal } = await ownerProposal(d, who, roomId, proposalId);
  // Two pending look-alikes both passed at proposal time: the first approved wins the name.
  await refuseLookAlikeApproval(d, room.id, proposal.name);
  // One approval of a proposal at a time here: repeating it while its packages build would build again.
  if (approving.has(proposal.id))
    throw new CodedError('conflict', 'This proposal is being approved already: wait for that approval');
  approving.add(proposal.id);
  try {
    return await approveBuilt(d, who, room.id, proposal, reviewedVersion, reviewedApp);
  } finally {
    approving.delete(proposal.id);
  }
}

/** Proposals whose approval is under way in this process (its packages may be building). */
const approving = new Set<string>();

async function approveBuilt(
  d: DomainDeps,
  who: Principal,
  roomId: string,
  proposal: ProposalRow,
  reviewedVersion: number | null | undefined,
  reviewedApp: string | null | undefined,
): Promise<ApprovedApp> {
  // Built before the approval commits, so the launcher never lists the app without its path.
  const packages = await buildApprovedPackages(d, proposal, await filesOf(d, proposal), who.personId);
  const now = d.now();
  const { instance: i, updated } = await approveUnique(d.store, {
    proposalId: proposal.id,
    decidedBy: who.personId,
    at: now,
    instanceId: newId('a'),
    reviewedVersion,
    reviewedApp,
    // Recorded with the approval, so a concurrent prune never sees the bundle unnamed.
    packages,
    events: ({ instance: app, updated }) => [
      ownerEvent(
        roomId,
        'proposal.approved',
        {
          ...eventData({ ...proposal, state: 'approved', updateOf: updated ? app.id : null }),
          app_id: app.id,
        },
        now,
        proposal.proposerId,
      ),
      updated
        ? roomEvent(
            roomId,
            'app.updated',
            { app_id: app.id, name: app.name, version: app.version, rollback_of: null },
            now,
          )
        : roomEvent(roomId, 'app.added', { app_id: app.id, name: app.name, position: app.position }, now),
    ],
  });
  announce(d, roomId);
  return {
    id: i.id,
    name: i.name,
    position: i.position,
    proposal_id: proposal.id,
    version: i.version,
    updated,
    packages_path: packages?.path ?? null,
    packages_note: packages?.note ?? null,
  };
}

/** The app version an approval was reviewed against: absent (not checked), null (a new app) or a version. */
function reviewedVersionOf(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (Number.isSafeInteger(value) && (value as number) >= 1) return value as number;
  throw new CodedError('bad_request', 'reviewed_version must be a version number (1 or more) or null');
}

/** The app an approval was reviewed against: absent (not checked), null (a new app) or its id. */
function reviewedAppOf(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value === 'string' && value.length > 0 && value.length <= 100) return value;
  throw new CodedError('bad_request', 'reviewed_app must be the id of the app the diff was against, or null');
}

/** Declines with an optional reason the proposer can read. */
export async function declineProposal(
  d: DomainDeps,
  who: Principal,
  input: { roomId: string; proposalId: string; reason?: unknown },
): Promise<ProposalView> {
  const { room, proposal } = await ownerProposal(d, who, input.roomId, input.proposalId);
  if (input.reason !== undefined && input.reason !== null && typeof input.reason !== 'string')
    throw new CodedError('bad_request', 'reason must be a string');
  const reason =
    typeof input.reason === 'string' && input.reason.trim() ? input.reason.trim().slice(0, 2000) : null;
  const now = d.now();
  const declined = { ...proposal, state: 'declined' as const, declineReason: reason, decidedAt: now };
  const done = await d.store.declineProposal({
    proposalId: proposal.id,
    decidedBy: who.personId,
    at: now,
    reason,
    event: ownerEvent(
      room.id,
      'proposal.declined',
      { ...eventData(declined), reason },
      now,
      proposal.proposerId,
    ),
  });
  if (!done) throw new CodedError('conflict', 'The proposal is no longer pending');
  announce(d, room.id);
  return toProposalView(declined, { update: await proposalUpdate(d.store, declined) });
}

async function visibleProposal(
  d: DomainDeps,
  who: Principal,
  roomId: string,
  proposalId: string,
): Promise<{ room: RoomForPerson; proposal: ProposalRow }> {
  const room = await roomFor(d.store, who, roomId);
  const proposal = await d.store.getProposal(proposalId);
  const visible =
    proposal?.roomId === room.id && (room.role === 'owner' || proposal.proposerId === who.personId);
  if (!proposal || !visible) throw new CodedError('not_found', 'No such proposal');
  return { room, proposal };
}

async function ownerProposal(d: DomainDeps, who: Principal, roomId: string, proposalId: string) {
  const found = await visibleProposal(d, who, roomId, proposalId);
  // A proposer who is not the owner learns nothing more than that the proposal is theirs.
  if (found.room.role !== 'owner') throw new CodedError('forbidden', 'Only the room owner reviews proposals');
  if (found.proposal.state !== 'pending')
    throw new CodedError('conflict', `The proposal is already ${found.proposal.state}`);
  return found;
}

// Display names for the owner's card, each proposer read once.
async function proposerNames(d: DomainDeps, rows: ProposalRow[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const id of new Set(rows.map((p) => p.proposerId))) {
    const person = await d.store.getPerson(id);
    if (person) names.set(id, person.name);
  }
  return names;
}

function named(names: Map<string, string>, p: ProposalRow): { proposerName?: string } {
  const name = names.get(p.proposerId);
  return name === undefined ? {} : { proposerName: name };
}

// The hosts the files would be granted on approval, beside the files the card shows.
function withNetwork(d: DomainDeps, files: Record<string, string>) {
  return { files, network: networkDeclarationOf(files, networkRulesOf(d)) };
}

async function filesOf(d: DomainDeps, p: ProposalRow): Promise<Record<string, string>> {
  if (p.files) return p.files;
  if (p.repositoryId && p.versionId)
    return (await d.store.getVersion(p.repositoryId, p.versionId))?.files ?? {};
  return {};
}
