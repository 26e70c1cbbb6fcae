import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { ConnectedPage } from '../connected/ConnectedPage.tsx';
import { ConnectedSections } from '../connected/ConnectedSections.tsx';
import { useRoomRole } from '../connected/useRoomRole.ts';
import { navigate } from '../router.ts';
import { ApprovalQueue } from './ApprovalQueue.tsx';

/**
 * `/rooms/<id>/review`: Connected → Needs your approval for the owner. A member gets the Connected page
 * instead: no queue, no counts, no buttons the server would refuse.
 */
export function ReviewPage({ roomId }: { roomId: string }) {
  const { role, error } = useRoomRole(roomId);
  const launcher = `/rooms/${encodeURIComponent(roomId)}`;
  if (error)
    return (
      <main className="page">
        <h1>Room unavailable</h1>
        <ErrorNotice failure={error} className="" />
      </main>
    );
  if (!role) return <main className="page page-status">Loading…</main>;
  if (role !== 'owner') return <ConnectedPage roomId={roomId} />;
  return (
    <main className="page review">
      <p>
        <a
          href={launcher}
          onClick={(e) => {
            e.preventDefault();
            navigate(launcher);
          }}
        >
          Back to the launcher
        </a>
      </p>
      <ApprovalQueue roomId={roomId} />
      <h1>Connected</h1>
      <ConnectedSections roomId={roomId} role={role} />
    </main>
  );
}
