import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useArmed } from './useArmed.ts';

/** One answer of a prompt; the first listed is the safe one (Tab reaches it first). */
export interface PromptAction {
  label: string;
  primary?: boolean;
  onPress: () => void;
}

/**
 * A modal question to the person that the page behind it cannot answer for them: the dialog itself takes
 * focus (a key typed for the app presses nothing), and the buttons ignore presses for a moment after it
 * appears, after the page shows again and after any press that follows another quickly (taps or keys
 * meant for the app land on nothing until the person pauses). Escape is a no.
 */
export function PromptDialog({
  title,
  children,
  actions,
  onCancel,
  className,
}: {
  title: ReactNode;
  children?: ReactNode;
  actions: PromptAction[];
  onCancel: () => void;
  className?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { armed, isArmed } = useArmed();
  useEffect(() => {
    const el = dialog.current;
    if (!el || el.open) return;
    el.showModal();
    // showModal focuses the first button: the dialog holds focus instead, so a key typed on presses nothing.
    el.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      className={`app-menu prompt-dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      tabIndex={-1}
      onClose={onCancel}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="app-menu-actions">
        {actions.map((a) => (
          <button
            key={a.label}
            type="button"
            className={a.primary ? 'primary' : undefined}
            // Not `disabled`: that would drop a keyboard person's focus each time a quick press disarms.
            aria-disabled={!armed}
            onClick={() => isArmed() && a.onPress()}
          >
            {a.label}
          </button>
        ))}
      </div>
    </dialog>
  );
}
