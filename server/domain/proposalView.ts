import type { ProposalUpdate, ProposalView } from '../../validation/views.ts';
import type { ProposalRow } from '../store/Store.ts';

export function toProposalView(
  p: ProposalRow,
  extra: { update: ProposalUpdate | null; files?: Record<string, string>; proposerName?: string },
): ProposalView {
  const { update, files, proposerName } = extra;
  const view: ProposalView = {
    id: p.id,
    room_id: p.roomId,
    kind: p.kind,
    name: p.name,
    state: p.state,
    file_count: Object.keys(files ?? p.files ?? {}).length,
    content_sha256: p.contentSha256,
    repository_id: p.repositoryId,
    version_id: p.versionId,
    decline_reason: p.declineReason,
    created_at: new Date(p.createdAt).toISOString(),
    decided_at: p.decidedAt === null ? null : new Date(p.decidedAt).toISOString(),
    dependencies: p.dependencies ?? null,
    packages: p.packages ?? null,
    update,
  };
  if (proposerName !== undefined) view.proposer_name = proposerName;
  if (files) view.files = files;
  return view;
}
