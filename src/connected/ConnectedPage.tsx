import { useCallback, useState } from 'react';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { ReviewLink } from '../launcher/ReviewLink.tsx';
import { navigate } from '../router.ts';
import { useRoomEvents } from '../useRoomEvents.ts';
import { ConnectedSections } from './ConnectedSections.tsx';
import { useRoomRole } from './useRoomRole.ts';

/** `/rooms/<id>/connected`: tokens and MCP help; the owner also gets Needs your approval and the members. */
export function ConnectedPage({ roomId }: { roomId: string }) {
  const { role, error } = useRoomRole(roomId);
  const launcher = `/rooms/${encodeURIComponent(roomId)}`;
  const [changes, setChanges] = useState(0);
  useRoomEvents(
    roomId,
    useCallback(() => setChanges((n) => n + 1), []),
  );
  if (error)
    return (
      <main className="page">
        <h1>Room unavailable</h1>
        <ErrorNotice failure={error} className="" />
      </main>
    );
  if (!role) return <main className="page page-status">Loading…</main>;
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
