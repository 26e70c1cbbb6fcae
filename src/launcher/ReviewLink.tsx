import { useEffect, useId, useState } from 'react';
import { api } from '../api.ts';
import { navigate } from '../router.ts';

/** The "Needs your approval" link with its count: the name stays exact, the count is its description. */
export function ApprovalLink({ href, count }: { href: string; count: number | undefined }) {
  const countId = useId();
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

/** The owner's link to a room's queue with the pending count; refreshed whenever `changes` moves. */
export function ReviewLink({ roomId, changes }: { roomId: string; changes: number }) {
  const [count, setCount] = useState<number>();
  useEffect(() => {
    void changes;
    api<{ proposals: unknown[] }>(`/api/rooms/${encodeURIComponent(roomId)}/proposals?state=pending&files=0`)
      .then((r) => setCount(r.proposals.length))
      .catch(() => setCount(undefined));
  }, [roomId, changes]);
  return <ApprovalLink href={`/rooms/${encodeURIComponent(roomId)}/review`} count={count} />;
}
