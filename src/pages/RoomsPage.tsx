import { useEffect, useState } from 'react';
import type { RoomSummary } from '../../validation/views.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { ApprovalLink } from '../launcher/ApprovalLink.tsx';
import { navigate } from '../router.ts';
import { type Failure, failed } from '../wireError.ts';

export function RoomsPage() {
  const [rooms, setRooms] = useState<RoomSummary[]>();
  const [error, setError] = useState<Failure>();
  const [name, setName] = useState('');
  const [pending, setPending] = useState<number>();
  const create = () =>
    api('POST /api/rooms', { body: { name } })
      .then((r) => navigate(`/rooms/${r.room.id}`))
      .catch(failed(setError));

  useEffect(() => {
    api('GET /api/rooms')
      .then((r) => setRooms(r.rooms))
      .catch(failed(setError));
    api('GET /api/review/pending').then(
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
      {error && <ErrorNotice failure={error} className="" />}
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
