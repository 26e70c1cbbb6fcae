import { useState } from 'react';

/** The confirm step before declining: an optional reason the proposer reads, Confirm decline, Cancel. */
export function DeclineForm({
  label,
  busy,
  onConfirm,
  onCancel,
}: {
  /** The form's accessible name, e.g. "Decline Poll maker". */
  label: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <form
      className="decline-form"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm(reason);
      }}
    >
      <label>
        Reason (optional)
        <input value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </label>
      <button type="submit" className="danger" disabled={busy}>
        Confirm decline
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
