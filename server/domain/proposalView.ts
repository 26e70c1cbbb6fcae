import type {
  NetworkDeclaration,
  PinnedPackage,
  ProposalUpdate,
  ProposalView,
} from '../../validation/views.ts';
import type { ProposalRow } from '../store/Store.ts';

export function toProposalView(
  p: ProposalRow,
  extra: {
    update: ProposalUpdate | null;
    files?: Record<string, string>;
    network?: NetworkDeclaration;
    proposerName?: string;
  },
): ProposalView {
  const { update, files, network, proposerName } = extra;
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
    packages: p.packages?.map(withJudgement) ?? null,
    ...expected(p.packages ?? null),
    update,
  };
  if (proposerName !== undefined) view.proposer_name = proposerName;
  if (files) view.files = files;
  if (network) view.network = network;
  return view;
}

// Proposals pinned before sizes and paths were judged read as unknown, never as a guess.
function withJudgement(p: PinnedPackage): PinnedPackage {
  return {
    ...p,
    unpacked_size: p.unpacked_size ?? null,
    expected_path: p.expected_path ?? null,
    expected_note: p.expected_note ?? null,
  };
}

/** The app's expected path: what its own packages (and what they need) were judged to take. */
function expected(packages: PinnedPackage[] | null): Pick<ProposalView, 'expected_path' | 'expected_note'> {
  const own = (packages ?? []).filter((p) => p.role === 'direct' || p.role === 'peer');
  if (own.length === 0 || own.some((p) => !p.expected_path))
    return { expected_path: null, expected_note: null };
  const sandpack = own.find((p) => p.expected_path === 'sandpack');
  return sandpack
    ? { expected_path: 'sandpack', expected_note: sandpack.expected_note ?? null }
    : { expected_path: 'bundle', expected_note: null };
}
