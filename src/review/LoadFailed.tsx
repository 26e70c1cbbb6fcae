/** What the card could not load, said in words, with Retry: approval stays off until it is shown. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="load-failed">
      <p role="alert" className="error-text">
        {message}
      </p>
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
