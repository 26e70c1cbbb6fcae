import { useId } from 'react';
import { InAppLink } from '../components/InAppLink.tsx';

/** The "Needs your approval" link with its count: the name stays exact, the count is its description. */
export function ApprovalLink({ href, count }: { href: string; count: number | undefined }) {
  const countId = useId();
  return (
    <>
      <InAppLink href={href} aria-describedby={count === undefined ? undefined : countId}>
        Needs your approval{' '}
        {count !== undefined && count > 0 && (
          <span className="badge" aria-hidden="true">
            {count}
          </span>
        )}
      </InAppLink>
      {count !== undefined && (
        <span id={countId} hidden>
          {count === 1 ? '1 proposal waiting' : `${count} proposals waiting`}
        </span>
      )}
    </>
  );
}
