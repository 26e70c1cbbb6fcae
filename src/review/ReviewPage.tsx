import { BackToLauncher } from '../components/BackToLauncher.tsx';
import { PageFailed, PageLoading } from '../components/PageStatus.tsx';
import { ConnectedPage } from '../connected/ConnectedPage.tsx';
import { ConnectedSections } from '../connected/ConnectedSections.tsx';
import { useRoomRole } from '../connected/useRoomRole.ts';
import { ApprovalQueue } from './ApprovalQueue.tsx';

/**
 * `/rooms/<id>/review`: Connected → Needs your approval for the owner. A member gets the Connected page
 * instead: no queue, no counts, no buttons the server would refuse.
 */
export function ReviewPage({ roomId }: { roomId: string }) {
  const room = useRoomRole(roomId);
  if (room.state === 'failed') return <PageFailed title="Room unavailable" failure={room.failure} />;
  if (room.state === 'loading') return <PageLoading>Loading…</PageLoading>;
  const role = room.value;
  if (role !== 'owner') return <ConnectedPage roomId={roomId} />;
  return (
    <main className="page review">
      <BackToLauncher roomId={roomId} />
      <ApprovalQueue roomId={roomId} />
      <h1>Connected</h1>
      <ConnectedSections roomId={roomId} role={role} />
    </main>
  );
}
