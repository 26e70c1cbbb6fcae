import type { PinnedPackage } from '../npm/resolveTree.ts';
import type { ProposalRow } from '../store/Store.ts';

/** A proposal as its proposer and the owner read it; `files` only when asked for. */
export interface ProposalView {
  id: string;
  room_id: string;
  kind: ProposalRow['kind'];
  name: string;
  state: ProposalRow['state'];
  file_count: number;
  content_sha256: string;
  repository_id: string | null;
  version_id: string | null;
  decline_reason: string | null;
  created_at: string;
  decided_at: string | null;
  /** Exact npm versions the app runs with through the Sandpack fallback; null: the Sucrase path. */
  dependencies: Record<string, string> | null;
  /** Every package that runs with it (direct first), pinned with integrity; null: the Sucrase path. */
  packages: PinnedPackage[] | null;
  /** The proposer's display name: on the owner's views only. */
  proposer_name?: string;
  /** The OAuth app it came through (its self-declared name), when it came through one. */
  via_client?: string;
  files?: Record<string, string>;
}

export function toProposalView(
  p: ProposalRow,
  files?: Record<string, string>,
  proposerName?: string,
): ProposalView {
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
  };
  if (proposerName !== undefined) view.proposer_name = proposerName;
  if (files) view.files = files;
  return view;
}
