import { useCallback, useState } from 'react';
import { BackToLauncher } from '../components/BackToLauncher.tsx';
import { PageFailed, PageLoading } from '../components/PageStatus.tsx';
import { ReviewLink } from '../launcher/ReviewLink.tsx';
import { useRoomEvents } from '../useRoomEvents.ts';
import { ConnectedSections } from './ConnectedSections.tsx';
import { useRoomRole } from './useRoomRole.ts';

/** `/rooms/<id>/connected`: tokens and MCP help; the owner also gets Needs your approval and the members. */
export function ConnectedPage({ roomId }: { roomId: string }) {
  const room = useRoomRole(roomId);
  const [changes, setChanges] = useState(0);
  useRoomEvents(
    roomId,
    useCallback(() => setChanges((n) => n + 1), []),
  );
  if (room.state === 'failed') return <PageFailed title="Room unavailable" failure={room.failure} />;
  if (room.state === 'loading') return <PageLoading>Loading…</PageLoading>;
  const role = room.value;
  return (
    <main className="page review">
      <BackToLauncher roomId={roomId} />
      <h1>Connected</h1>
      {role === 'owner' ? (
        <p>
          <ReviewLink roomId={roomId} changes={changes} />
        </p>
      ) : (
        <p className="muted">
          Connect an agent with a token to propose apps; the room's owner reviews every proposal before it
          reaches the launcher.
        </p>
      )}
      <ConnectedSections roomId={roomId} role={role} />
    </main>
  );
}
