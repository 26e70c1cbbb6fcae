import { CodedError } from '../../validation/errorCodes.ts';
import type { AppAbout } from '../../validation/views.ts';
import { approvedNetwork } from './appNetwork.ts';
import type { Principal } from './auth.ts';
import type { DomainDeps } from './DomainDeps.ts';
import { roomFor } from './roomAccess.ts';

/** Who proposed and approved an app in the launcher, and the hash of what runs; members only. */
export async function readAppAbout(
  d: Pick<DomainDeps, 'store' | 'network'>,
  who: Principal,
  roomId: string,
  appId: string,
): Promise<AppAbout> {
  const store = d.store;
  const room = await roomFor(store, who, roomId);
  const app = await store.getInstance(room.id, appId);
  const proposal = app?.state === 'active' ? await store.getProposal(app.proposalId) : undefined;
  if (!app || proposal?.state !== 'approved') throw new CodedError('not_found', 'No such app in this room');
  // Who made the current version current: its approver, or the owner who rolled back to it.
  const current = (await store.listAppVersions(app.id)).find((v) => v.version === app.version);
  const approvedBy = current?.approvedBy ?? proposal.decidedBy;
  const [proposer, approver] = await Promise.all([
    store.getPerson(proposal.proposerId),
    approvedBy ? store.getPerson(approvedBy) : undefined,
  ]);
  return {
    id: app.id,
    name: app.name,
    kind: proposal.kind,
    proposed_by: proposer?.name ?? 'Unknown',
    proposed_at: new Date(proposal.createdAt).toISOString(),
    approved_by: approver?.name ?? 'Unknown',
    approved_at: new Date(current?.approvedAt ?? proposal.decidedAt ?? app.createdAt).toISOString(),
    content_sha256: proposal.contentSha256,
    packages_path: proposal.packagesPath ?? null,
    packages_note: proposal.bundleNote ?? null,
    version: app.version,
    network: await approvedNetwork(d, proposal),
  };
}
