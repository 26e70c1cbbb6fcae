import { useEffect, useState } from 'react';
import { api } from '../api.ts';
import { navigate } from '../router.ts';

/** The owner's "Needs your approval" link with the pending count; refreshed whenever `changes` moves. */
export function ReviewLink({ roomId, changes }: { roomId: string; changes: number }) {
  const [count, setCount] = useState<number>();
  useEffect(() => {
    void changes;
    api<{ proposals: unknown[] }>(`/api/rooms/${encodeURIComponent(roomId)}/proposals?state=pending`)
      .then((r) => setCount(r.proposals.length))
      .catch(() => setCount(undefined));
  }, [roomId, changes]);
  const href = `/rooms/${encodeURIComponent(roomId)}/review`;
  return (
    <a
      href={href}
      aria-label="Needs your approval"
      onClick={(e) => {
        e.preventDefault();
        navigate(href);
      }}
    >
      Needs your approval {count !== undefined && <span className="badge">{count}</span>}
    </a>
  );
}
