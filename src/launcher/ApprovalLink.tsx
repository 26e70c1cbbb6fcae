import { useId } from 'react';
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
