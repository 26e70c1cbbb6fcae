import { useState } from 'react';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { InAppLink } from '../components/InAppLink.tsx';
import { useApi } from '../components/useApi.ts';
import { ApprovalLink } from '../launcher/ApprovalLink.tsx';
import { navigate } from '../router.ts';
import { type Failure, failed } from '../wireError.ts';

export function RoomsPage() {
  const read = useApi(() => api('GET /api/rooms').then((r) => r.rooms), []);
  // The approval count is a hint: without it the link shows no number.
  const pending = useApi(() => api('GET /api/review/pending').then((r) => r.total), []);
  const [createError, setCreateError] = useState<Failure>();
  const [name, setName] = useState('');
  const create = () =>
    api('POST /api/rooms', { body: { name } })
      .then((r) => navigate(`/rooms/${r.room.id}`))
      .catch(failed(setCreateError));
  const rooms = read.state === 'ready' ? read.value : undefined;
  const error = createError ?? (read.state === 'failed' ? read.failure : undefined);
  const owns = rooms?.some((r) => r.role === 'owner');

  return (
    <main className="page">
      <h1>Your rooms</h1>
      {owns && (
        <p className="inbox-link">
          <ApprovalLink href="/review" count={pending.state === 'ready' ? pending.value : undefined} />
        </p>
      )}
      {error && <ErrorNotice failure={error} className="" />}
      {!rooms && !error && <p>Loading rooms…</p>}
      {rooms?.length === 0 && <p>You are not in any room yet.</p>}
      <ul className="room-list">
        {rooms?.map((room) => (
          <li key={room.id}>
            <InAppLink href={`/rooms/${room.id}`}>{room.name}</InAppLink>
            <span className="muted">
              {room.role} · {room.app_count} {room.app_count === 1 ? 'app' : 'apps'}
            </span>
          </li>
        ))}
      </ul>
      <form
        className="signin"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <h2>New room</h2>
        <label htmlFor="new-room">Room name</label>
        <input id="new-room" value={name} required maxLength={80} onChange={(e) => setName(e.target.value)} />
        <button type="submit">Create room</button>
      </form>
    </main>
  );
}
