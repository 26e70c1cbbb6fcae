import { useEffect, useState } from 'react';
import type { Inbox } from '../../validation/views.ts';
import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { type Failure, failed } from '../wireError.ts';
import { ApprovalQueue } from './ApprovalQueue.tsx';

/** What `GET /api/review/pending` answers: the owner's pending proposals, by room, without files. */
/** `/review`: one inbox for an owner of many rooms, every pending card grouped by room. */
export function InboxPage() {
  const [inbox, setInbox] = useState<Inbox>();
  const [error, setError] = useState<Failure>();
  useEffect(() => {
    api('GET /api/review/pending').then(setInbox, failed(setError));
  }, []);
  const waiting = inbox?.rooms.filter((r) => r.proposals.length > 0) ?? [];
  return (
    <main className="page review">
      <h1>
        Needs your approval <span className="badge">{inbox?.total ?? 0}</span>
      </h1>
      {error && <ErrorNotice failure={error} className="" />}
      {!inbox && !error && <p className="page-status">Loading proposals…</p>}
      {inbox && waiting.length === 0 && <p>Nothing is waiting for your review in the rooms you own.</p>}
      {waiting.map((room) => (
        <section key={room.id} aria-label={room.name} className="inbox-group">
          <ApprovalQueue roomId={room.id} roomName={room.name} live={false} />
        </section>
      ))}
    </main>
  );
}
