import { api } from '../api.ts';
import { PageFailed, PageLoading } from '../components/PageStatus.tsx';
import { useApi } from '../components/useApi.ts';
import { CodeFile } from './CodeFile.tsx';
import { fileAnchor } from './lineAnchor.ts';
import { ReviewAids } from './ReviewAids.tsx';

/** `/rooms/<id>/review/<proposal>`: a read-only view of the pinned repository version a proposal names. */
export function PinnedVersionPage({ roomId, proposalId }: { roomId: string; proposalId: string }) {
  const read = useApi(
    () =>
      api('GET /api/rooms/:roomId/proposals/:proposalId', { params: { roomId, proposalId } }).then(
        (r) => r.proposal,
      ),
    [roomId, proposalId],
  );
  if (read.state === 'failed') return <PageFailed title="Version unavailable" failure={read.failure} />;
  if (read.state === 'loading') return <PageLoading>Loading version…</PageLoading>;
  const proposal = read.value;
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
