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
 * focus (a key typed for the app presses nothing), and the buttons stay disabled for a moment after it
 * appears or the page shows again (a second click meant for the app lands on nothing). Escape is a no.
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
  const armed = useArmed();
  useEffect(() => {
    const el = dialog.current;
    if (!el || el.open) return;
    el.showModal();
    // showModal would focus the first button once it is enabled: the dialog holds focus instead.
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
            disabled={!armed}
            onClick={() => armed && a.onPress()}
          >
            {a.label}
          </button>
        ))}
      </div>
    </dialog>
  );
}
