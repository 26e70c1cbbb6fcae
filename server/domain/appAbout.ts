import { CodedError } from '../../validation/errorCodes.ts';
import type { AppAbout } from '../../validation/views.ts';
import type { Store } from '../store/Store.ts';
import type { Principal } from './auth.ts';
import { roomFor } from './rooms.ts';

/** Who proposed and approved an app in the launcher, and the hash of what runs; members only. */
export async function readAppAbout(
  store: Store,
  who: Principal,
  roomId: string,
  instanceId: string,
): Promise<AppAbout> {
  const room = await roomFor(store, who, roomId);
  const instance = await store.getInstance(room.id, instanceId);
  const proposal = instance?.state === 'active' ? await store.getProposal(instance.proposalId) : undefined;
  if (!instance || proposal?.state !== 'approved')
    throw new CodedError('not_found', 'No such app in this room');
  const [proposer, approver] = await Promise.all([
    store.getPerson(proposal.proposerId),
    proposal.decidedBy ? store.getPerson(proposal.decidedBy) : undefined,
  ]);
  return {
    id: instance.id,
    name: instance.name,
    kind: proposal.kind,
    proposed_by: proposer?.name ?? 'Unknown',
    proposed_at: new Date(proposal.createdAt).toISOString(),
    approved_by: approver?.name ?? 'Unknown',
    approved_at: new Date(proposal.decidedAt ?? instance.createdAt).toISOString(),
    content_sha256: proposal.contentSha256,
  };
}
