import type { Failure } from '../wireError.ts';

/**
 * Every failure the shell shows, in one place: its sentence as an alert and, where the place can try
 * again, Retry beside it. `announce` is 'status' where it reports an action among other news, false
 * where it is one note among a card's (no live region).
 */
export function ErrorNotice({
  failure,
  onRetry,
  as: Tag = 'p',
  className = 'error-text',
  announce = 'alert',
}: {
  failure: Failure;
  onRetry?: () => void;
  as?: 'p' | 'span';
  className?: string;
  announce?: 'alert' | 'status' | false;
}) {
  const notice = (
    <Tag role={announce || undefined} className={className || undefined} data-error-code={failure.error.code}>
      {failure.text}
    </Tag>
  );
  if (!onRetry) return notice;
  return (
    <div className="load-failed">
      {notice}
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
