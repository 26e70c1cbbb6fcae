import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { LauncherApp } from '../api.ts';
import { moveTo } from '../launcher/OwnerControls.tsx';

const DRAG_TYPE = 'application/x-room-tab';

/**
 * The launcher's tab bar, per the ARIA tabs pattern: arrows move, Home/End jump, Enter/Space open.
 * With `onReorder` (the owner), tabs can be dragged, or moved with Control+Shift+Arrow Left/Right.
 */
export function TabBar({
  apps,
  selectedId,
  onSelect,
  onWarm,
  onReorder,
}: {
  apps: LauncherApp[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  /** Warms the app's frame when it is likely to be opened (pointer over or focus on its tab). */
  onWarm?: (id: string) => void;
  /** The new order of every app id, after a drag or a keyboard move. */
  onReorder?: (ids: string[]) => void;
}) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const [dropAt, setDropAt] = useState<{ id: string; after: boolean }>();
  const ids = apps.map((a) => a.id);

  // The selected tab stays in view (narrow screens scroll the bar sideways), also after a reorder.
  const order = ids.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new order can move the selected tab out of view.
  useEffect(() => {
    if (selectedId) refs.current.get(selectedId)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [selectedId, order]);

  const focusAt = (index: number) => {
    const app = apps[(index + apps.length) % apps.length];
    const el = app && refs.current.get(app.id);
    el?.focus();
    // Many tabs scroll: keep the focused one in view.
    el?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    if (onReorder && e.ctrlKey && e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      e.preventDefault();
      const id = ids[index] as string;
      const to = index + (e.key === 'ArrowLeft' ? -1 : 1);
      if (to >= 0 && to < ids.length) onReorder(moveTo(ids, id, to));
      return;
    }
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: apps.length - 1 }[e.key];
    if (target === undefined) return;
    e.preventDefault();
    focusAt(target);
  };

  const dropTarget = (e: DragEvent<HTMLButtonElement>, id: string) => {
    const box = e.currentTarget.getBoundingClientRect();
    return { id, after: e.clientX > box.left + box.width / 2 };
  };
  const onDrop = (e: DragEvent<HTMLButtonElement>, id: string) => {
    const dragged = e.dataTransfer.getData(DRAG_TYPE);
    setDropAt(undefined);
    if (!onReorder || !ids.includes(dragged)) return;
    e.preventDefault();
    const { after } = dropTarget(e, id);
    const rest = ids.filter((x) => x !== dragged);
    const to = rest.indexOf(id) + (after ? 1 : 0);
    const next = moveTo(ids, dragged, to);
    if (next.join() !== ids.join()) onReorder(next);
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
            className={dropAt?.id === app.id ? `tab drop-${dropAt.after ? 'after' : 'before'}` : 'tab'}
            draggable={onReorder ? true : undefined}
            aria-keyshortcuts={onReorder ? 'Control+Shift+ArrowLeft Control+Shift+ArrowRight' : undefined}
            onDragStart={(e) => {
              e.dataTransfer.setData(DRAG_TYPE, app.id);
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(e) => {
              if (!onReorder || !e.dataTransfer.types.includes(DRAG_TYPE)) return;
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
              setDropAt(dropTarget(e, app.id));
            }}
            onDragLeave={() => setDropAt(undefined)}
            onDragEnd={() => setDropAt(undefined)}
            onDrop={(e) => onDrop(e, app.id)}
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
