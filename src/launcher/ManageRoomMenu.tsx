import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

export interface MenuAction {
  label: string;
  disabled?: boolean;
  run: () => void;
}

/**
 * The owner's "Manage room" menu button (and a member's "My data", by `label`), per the ARIA menu button pattern: Enter, Space or Arrow Down
 * open it on the first item (Arrow Up on the last), arrows move, Home/End jump, Escape closes and
 * returns focus to the button, Tab or a click elsewhere closes it.
 */
export function ManageRoomMenu({
  actions,
  label = 'Manage room',
}: {
  actions: MenuAction[];
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  const wrap = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();
  const [focusAt, setFocusAt] = useState<number>();

  useEffect(() => {
    if (open && focusAt !== undefined) items.current[focusAt]?.focus();
  }, [open, focusAt]);
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const show = (at: number) => {
    setOpen(true);
    setFocusAt((at + actions.length) % actions.length);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    setFocusAt(undefined);
    if (refocus) button.current?.focus();
  };
  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      show(e.key === 'ArrowDown' ? 0 : -1);
    }
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const at = focusAt ?? 0;
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: actions.length - 1 }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      setFocusAt((to + actions.length) % actions.length);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="menu-wrap" ref={wrap}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className="menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : show(0))}
        onKeyDown={onButtonKey}
      >
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div id={menuId} role="menu" aria-labelledby={buttonId} className="menu" onKeyDown={onMenuKey}>
          {actions.map((action, i) => (
            <button
              key={action.label}
              ref={(el) => {
                items.current[i] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              aria-disabled={action.disabled || undefined}
              onFocus={() => setFocusAt(i)}
              onClick={() => {
                if (action.disabled) return;
                close(true);
                action.run();
              }}
            >
              {action.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
