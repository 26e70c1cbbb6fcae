import { type KeyboardEvent, useRef } from 'react';
import type { LauncherApp } from '../api.ts';

/** The launcher's tab bar, per the ARIA tabs pattern: arrows move, Home/End jump, Enter/Space open. */
export function TabBar({
  apps,
  selectedId,
  onSelect,
  onWarm,
}: {
  apps: LauncherApp[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  /** Warms the app's frame when it is likely to be opened (pointer over or focus on its tab). */
  onWarm?: (id: string) => void;
}) {
  const refs = useRef(new Map<string, HTMLButtonElement>());

  const focusAt = (index: number) => {
    const app = apps[(index + apps.length) % apps.length];
    const el = app && refs.current.get(app.id);
    el?.focus();
    // Many tabs scroll: keep the focused one in view.
    el?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: apps.length - 1 }[e.key];
    if (target === undefined) return;
    e.preventDefault();
    focusAt(target);
  };

  return (
    <div role="tablist" aria-label="Apps" className="tabbar">
      {apps.map((app, index) => {
        const selected = app.id === selectedId;
        return (
          <button
            key={app.id}
            ref={(el) => {
              if (el) refs.current.set(app.id, el);
              else refs.current.delete(app.id);
            }}
            type="button"
            role="tab"
            id={`tab-${app.id}`}
            aria-selected={selected}
            aria-controls={selected ? `panel-${app.id}` : undefined}
            tabIndex={selected || (!selectedId && index === 0) ? 0 : -1}
            className="tab"
            onClick={() => onSelect(app.id)}
            onPointerEnter={() => onWarm?.(app.id)}
            onFocus={() => onWarm?.(app.id)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {app.name}
          </button>
        );
      })}
    </div>
  );
}
