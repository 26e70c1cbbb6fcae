import { useEffect, useState } from 'react';
import { api, type Room } from '../api.ts';
import { ApprovalLink } from '../launcher/ReviewLink.tsx';
import type { Inbox } from '../review/InboxPage.tsx';
import { navigate } from '../router.ts';

export function RoomsPage() {
  const [rooms, setRooms] = useState<Room[]>();
  const [error, setError] = useState<string>();
  const [name, setName] = useState('');
  const [pending, setPending] = useState<number>();
  const create = () =>
    api<{ room: Room }>('/api/rooms', { method: 'POST', body: { name } })
      .then((r) => navigate(`/rooms/${r.room.id}`))
      .catch((err: Error) => setError(err.message));

  useEffect(() => {
    api<{ rooms: Room[] }>('/api/rooms')
      .then((r) => setRooms(r.rooms))
      .catch((err: Error) => setError(err.message));
    api<Inbox>('/api/review/pending').then(
      (r) => setPending(r.total),
      () => setPending(undefined),
    );
  }, []);
  const owns = rooms?.some((r) => r.role === 'owner');

  return (
    <main className="page">
      <h1>Your rooms</h1>
      {owns && (
        <p className="inbox-link">
          <ApprovalLink href="/review" count={pending} />
        </p>
      )}
      {error && <p role="alert">{error}</p>}
      {!rooms && !error && <p>Loading rooms…</p>}
      {rooms?.length === 0 && <p>You are not in any room yet.</p>}
      <ul className="room-list">
        {rooms?.map((room) => (
          <li key={room.id}>
            <a
              href={`/rooms/${room.id}`}
              onClick={(e) => {
                e.preventDefault();
                navigate(`/rooms/${room.id}`);
              }}
            >
              {room.name}
            </a>
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
