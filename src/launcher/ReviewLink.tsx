import { useEffect, useState } from 'react';
import { api } from '../api.ts';
import { ApprovalLink } from './ApprovalLink.tsx';

/** The owner's link to a room's queue with the pending count; refreshed whenever `changes` moves. */
export function ReviewLink({ roomId, changes }: { roomId: string; changes: number }) {
  const [count, setCount] = useState<number>();
  useEffect(() => {
    void changes;
    api('GET /api/rooms/:roomId/proposals', { params: { roomId }, query: { state: 'pending', files: '0' } })
      .then((r) => setCount(r.proposals.length))
      .catch(() => setCount(undefined));
  }, [roomId, changes]);
  return <ApprovalLink href={`/rooms/${encodeURIComponent(roomId)}/review`} count={count} />;
}
