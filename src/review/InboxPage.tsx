import { api } from '../api.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useApi } from '../components/useApi.ts';
import { ApprovalQueue } from './ApprovalQueue.tsx';

/** `/review`: one inbox for an owner of many rooms, every pending card grouped by room. */
export function InboxPage() {
  const read = useApi(() => api('GET /api/review/pending'), []);
  const inbox = read.state === 'ready' ? read.value : undefined;
  const waiting = inbox?.rooms.filter((r) => r.proposals.length > 0) ?? [];
  return (
    <main className="page review">
      <h1>
        Needs your approval <span className="badge">{inbox?.total ?? 0}</span>
      </h1>
      {read.state === 'failed' && <ErrorNotice failure={read.failure} className="" />}
      {read.state === 'loading' && <p className="page-status">Loading proposals…</p>}
      {inbox && waiting.length === 0 && <p>Nothing is waiting for your review in the rooms you own.</p>}
      {waiting.map((room) => (
        <section key={room.id} aria-label={room.name} className="inbox-group">
          <ApprovalQueue roomId={room.id} roomName={room.name} live={false} />
        </section>
      ))}
    </main>
  );
}
