import { useEffect, useId, useState } from 'react';
import { api } from '../api.ts';
import { navigate } from '../router.ts';

/** The owner's "Needs your approval" link with the pending count; refreshed whenever `changes` moves. */
export function ReviewLink({ roomId, changes }: { roomId: string; changes: number }) {
  const [count, setCount] = useState<number>();
  const countId = useId();
  useEffect(() => {
    void changes;
    api<{ proposals: unknown[] }>(`/api/rooms/${encodeURIComponent(roomId)}/proposals?state=pending`)
      .then((r) => setCount(r.proposals.length))
      .catch(() => setCount(undefined));
  }, [roomId, changes]);
  const href = `/rooms/${encodeURIComponent(roomId)}/review`;
  // The name stays exactly "Needs your approval"; screen readers hear the count as the description.
  return (
    <>
      <a
        href={href}
        aria-describedby={count === undefined ? undefined : countId}
        onClick={(e) => {
          e.preventDefault();
          navigate(href);
        }}
      >
        Needs your approval{' '}
        {count !== undefined && count > 0 && (
          <span className="badge" aria-hidden="true">
            {count}
          </span>
        )}
      </a>
      {count !== undefined && (
        <span id={countId} hidden>
          {count === 1 ? '1 proposal waiting' : `${count} proposals waiting`}
        </span>
      )}
    </>
  );
}
