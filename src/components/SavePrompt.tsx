import { useEffect, useRef } from 'react';
import { formatBytes } from './formatBytes.ts';
import type { PendingSave } from './useSaveGate.ts';

/** "Save poll.csv (2 KB) from Lunch poll?": nothing downloads until the person says Save. */
export function SavePrompt({ pending, appName }: { pending: PendingSave; appName: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  const { name, bytes } = pending.request;
  return (
    <dialog
      ref={dialog}
      className="app-menu save-prompt"
      aria-labelledby="save-prompt-title"
      // Escape closes the dialog: that is a no.
      onClose={() => pending.answer(false)}
    >
      <h2 id="save-prompt-title">
        Save {name} ({formatBytes(bytes.byteLength)}) from {appName}?
      </h2>
      <p className="muted">The app made this file. It goes to your downloads only if you save it.</p>
      <div className="app-menu-actions">
        <button type="button" className="primary" onClick={() => pending.answer(true)}>
          Save
        </button>
        <button type="button" onClick={() => pending.answer(false)}>
          Don't save
        </button>
      </div>
    </dialog>
  );
}
