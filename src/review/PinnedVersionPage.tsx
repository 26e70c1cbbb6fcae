import { useEffect, useState } from 'react';
import type { ProposalView } from '../../validation/views.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { type Failure, failed } from '../wireError.ts';
import { CodeFile } from './CodeFile.tsx';
import { fileAnchor } from './lineAnchor.ts';
import { ReviewAids } from './ReviewAids.tsx';

/** `/rooms/<id>/review/<proposal>`: a read-only view of the pinned repository version a proposal names. */
export function PinnedVersionPage({ roomId, proposalId }: { roomId: string; proposalId: string }) {
  const [proposal, setProposal] = useState<ProposalView>();
  const [error, setError] = useState<Failure>();
  useEffect(() => {
    api('GET /api/rooms/:roomId/proposals/:proposalId', { params: { roomId, proposalId } })
      .then((r) => setProposal(r.proposal))
      .catch(failed(setError));
  }, [roomId, proposalId]);
  if (error)
    return (
      <main className="page">
        <h1>Version unavailable</h1>
        <ErrorNotice failure={error} className="" />
      </main>
    );
  if (!proposal) return <main className="page page-status">Loading version…</main>;
  return (
    <main className="page review">
      <h1>{proposal.name}: repository code</h1>
      <p className="muted">
        Repository <code>{proposal.repository_id}</code>, pinned version <code>{proposal.version_id}</code>{' '}
        (read-only; versions never change).
      </p>
      <ReviewAids files={proposal.files ?? {}} scope={`v-${proposal.id}`} />
      {Object.entries(proposal.files ?? {}).map(([path, code]) => (
        <CodeFile key={path} path={path} code={code} anchor={fileAnchor(`v-${proposal.id}`, path)} />
      ))}
    </main>
  );
}
