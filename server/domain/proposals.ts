import { CodedError } from '../../validation/errorCodes.ts';
import type { ProposalEventData } from '../../validation/events.ts';
import type { ProposalReceipt } from '../../validation/views.ts';
import type { IdempotencyKey, ProposalRow } from '../store/Store.ts';
import { requireNetwork } from './appNetwork.ts';
import { proposalUpdate, updateTarget } from './appVersions.ts';
import type { Principal } from './auth.ts';
import type { DomainDeps } from './DomainDeps.ts';
import { type AppPackages, pinDependencies } from './dependencies.ts';
import { announce, ownerEvent } from './events.ts';
import { contentSha256, newId, sha256Hex } from './ids.ts';
import { refuseLookAlikeProposal } from './lookAlikeNames.ts';
import { validateRepoProposal, validateSnippetProposal } from './proposalRules.ts';
import { toProposalView } from './proposalView.ts';
import { readVersionFor } from './repositories.ts';
import { roomFor } from './roomAccess.ts';

export const SNIPPET_TOOL = 'propose_room_snippet_app';
export const REPO_TOOL = 'propose_room_repo_app';

/** Proposes a snippet app (the MCP tool's exact input); replays by idempotency key. */
export async function proposeSnippet(d: DomainDeps, who: Principal, args: unknown): Promise<ProposalReceipt> {
  const checked = validateSnippetProposal(args);
  if (!checked.ok) throw new CodedError(checked.error.code, checked.error.message, checked.error.detail);
  const { room_id, name, files, idempotency_key } = checked.value;
  requireNetwork(d, files);
  const sha = contentSha256(files);
  return propose(d, who, {
    tool: SNIPPET_TOOL,
    roomId: room_id,
    key: idempotency_key,
    fingerprint: sha256Hex(JSON.stringify([name, sha])),
    fields: {
      kind: 'snippet',
      name,
      files,
      repositoryId: null,
      versionId: null,
      contentSha256: sha,
    },
    dependencies: () => pinDependencies(d, files),
  });
}

/** Proposes a pinned repository version; the proposer must own the repository. */
export async function proposeRepo(d: DomainDeps, who: Principal, raw: unknown): Promise<ProposalReceipt> {
  // The shared validator: HTTP, MCP and the CLI give the same verdict on the same arguments.
  const checked = validateRepoProposal(raw);
  if (!checked.ok) throw new CodedError(checked.error.code, checked.error.message, checked.error.detail);
  const args = checked.value;
  await roomFor(d.store, who, args.room_id);
  const version = await readVersionFor(d, who, args.repository_id, args.version_id);
  // A version stored before room.json was checked (or under other deployment rules) is checked again here.
  requireNetwork(d, version.files);
  return propose(d, who, {
    tool: REPO_TOOL,
    roomId: args.room_id,
    key: args.idempotency_key,
    fingerprint: sha256Hex(JSON.stringify([args.name, args.repository_id, args.version_id])),
    fields: {
      kind: 'repo',
      name: args.name,
      files: null,
      repositoryId: args.repository_id,
      versionId: version.id,
      contentSha256: version.id,
    },
    dependencies: () => pinDependencies(d, version.files),
  });
}

type Fields = Pick<ProposalRow, 'kind' | 'name' | 'files' | 'repositoryId' | 'versionId' | 'contentSha256'>;

/**
 * Replays a known key; otherwise counts one hit on the rate limit and creates the proposal. Only
 * calls that create count: invalid calls and replays never use up the budget.
 */
async function propose(
  d: DomainDeps,
  who: Principal,
  input: {
    tool: string;
    roomId: string;
    key: string;
    fingerprint: string;
    fields: Fields;
    dependencies: () => Promise<AppPackages | null>;
  },
): Promise<ProposalReceipt> {
  const room = await roomFor(d.store, who, input.roomId);
  const scope = { personId: who.personId, tool: input.tool, roomId: room.id, key: input.key };
  const known = await d.store.findIdempotencyKey(scope);
  if (known) return replay(d, known, input.fingerprint);
  try {
    await refuseLookAlikeProposal(d, room, who, input.fields.name);
  } catch (err) {
    // The same key committed meanwhile (a retry racing its first call, on another server): its name is
    // this one's own, so the call replays rather than being refused as a look-alike.
    const now = await d.store.findIdempotencyKey(scope);
    if (now) return replay(d, now, input.fingerprint);
    throw err;
  }
  // Per person: a write token can mint more tokens, so a per-token budget would multiply.
  const budget = who.personId;
  const hitAt = d.now();
  await d.proposalLimiter.hit(budget, hitAt);
  let created: { proposal: ProposalRow; replayOf?: { proposalId: string; fingerprint: string } };
  try {
    created = await insertNew(d, who, { ...scope, fingerprint: input.fingerprint }, input);
  } catch (err) {
    // A call refused for its packages already made the registry work (downloads, size counts): it counts.
    if (!(err instanceof CodedError && PACKAGE_WORK_REFUSALS.has(err.code)))
      await d.proposalLimiter.release(budget, hitAt);
    throw err;
  }
  if (!created.replayOf) {
    announce(d, room.id);
    return receipt(d, created.proposal, false);
  }
  // A concurrent call with the same key got there first: this one created nothing.
  await d.proposalLimiter.release(budget, hitAt);
  return replay(d, created.replayOf, input.fingerprint);
}

const PACKAGE_WORK_REFUSALS = new Set<string>(['too_large', 'unresolved_dependency']);

async function insertNew(
  d: DomainDeps,
  who: Principal,
  key: IdempotencyKey,
  input: { fields: Fields; dependencies: () => Promise<AppPackages | null> },
): Promise<{ proposal: ProposalRow; replayOf?: { proposalId: string; fingerprint: string } }> {
  const pinned = await input.dependencies();
  const now = d.now();
  const proposal: ProposalRow = {
    id: newId('q'),
    roomId: key.roomId,
    proposerId: who.personId,
    ...input.fields,
    ...(await updateTarget(d.store, key.roomId, input.fields.name)),
    dependencies: pinned?.dependencies ?? null,
    packages: pinned?.packages ?? null,
    state: 'pending',
    declineReason: null,
    createdAt: now,
    decidedAt: null,
    decidedBy: null,
  };
  const event = ownerEvent(key.roomId, 'proposal.created', eventData(proposal), now, who.personId);
  const outcome = await d.store.insertProposalOnce(proposal, key, event);
  return outcome.created ? { proposal } : { proposal, replayOf: outcome };
}

async function replay(
  d: DomainDeps,
  known: { proposalId: string; fingerprint: string },
  fingerprint: string,
): Promise<ProposalReceipt> {
  if (known.fingerprint !== fingerprint) {
    throw new CodedError(
      'idempotency_key_mismatch',
      'This idempotency_key was used with other arguments; use a new key for a different proposal',
      { proposal_id: known.proposalId },
    );
  }
  const existing = await d.store.getProposal(known.proposalId);
  if (!existing) throw new CodedError('internal', 'The proposal behind this key is missing');
  return receipt(d, existing, true);
}

async function receipt(d: DomainDeps, p: ProposalRow, replayed: boolean): Promise<ProposalReceipt> {
  const view = toProposalView(p, { update: await proposalUpdate(d.store, p) });
  if (p.kind === 'repo' && p.repositoryId && p.versionId) {
    const v = await d.store.getVersion(p.repositoryId, p.versionId);
    view.file_count = Object.keys(v?.files ?? {}).length;
  }
  return { ...view, replayed, events_seq: await d.store.latestSeq(p.roomId) };
}

/** What a proposal event says: ids, name and state, never files. */
export function eventData(p: ProposalRow): ProposalEventData {
  return { proposal_id: p.id, name: p.name, kind: p.kind, state: p.state, update_of: p.updateOf ?? null };
}
