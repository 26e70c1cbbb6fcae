import { type DragEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { LauncherAppView } from '../../validation/views.ts';
import { moveTo } from '../launcher/moveTo.ts';
import { Tab, type TabHandlers } from './Tab.tsx';

const DRAG_TYPE = 'application/x-room-tab';

interface TabBarProps {
  apps: LauncherAppView[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  /** Warms the app's frame when it is likely to be opened (pointer over or focus on its tab). */
  onWarm?: (id: string) => void;
  /** The new order of every app id, after a drag or a keyboard move. */
  onReorder?: (ids: string[]) => void;
}

const dropTarget = (e: DragEvent<HTMLButtonElement>, id: string) => {
  const box = e.currentTarget.getBoundingClientRect();
  return { id, after: e.clientX > box.left + box.width / 2 };
};

/**
 * The launcher's tab bar, per the ARIA tabs pattern: arrows move, Home/End jump, Enter/Space open.
 * With `onReorder` (the owner), tabs can be dragged, or moved with Control+Shift+Arrow Left/Right.
 * Tabs are memoized: with many apps, a selection or a re-read room re-renders only the tabs that changed.
 */
export function TabBar(props: TabBarProps) {
  const { apps, selectedId, onReorder } = props;
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const [dropAt, setDropAt] = useState<{ id: string; after: boolean }>();
  // Handlers read the latest props, so they stay one object for the tabs' memo.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });

  // The selected tab stays in view (the bar scrolls sideways when tabs overflow), also after a reorder.
  const order = apps.map((a) => a.id).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new order can move the selected tab out of view.
  useEffect(() => {
    if (selectedId) refs.current.get(selectedId)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [selectedId, order]);

  const on = useMemo<TabHandlers>(() => {
    const ids = () => latest.current.apps.map((a) => a.id);
    const focusAt = (index: number) => {
      const all = ids();
      const id = all[(index + all.length) % all.length];
      const el = id ? refs.current.get(id) : undefined;
      el?.focus();
      // Many tabs scroll: keep the focused one in view.
      el?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    };
    return {
      register: (id, el) => {
        if (el) refs.current.set(id, el);
        else refs.current.delete(id);
      },
      select: (id) => latest.current.onSelect(id),
      warm: (id) => latest.current.onWarm?.(id),
      keyDown: (e, index) => {
        const all = ids();
        const reorder = latest.current.onReorder;
        if (reorder && e.ctrlKey && e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
          e.preventDefault();
          const to = index + (e.key === 'ArrowLeft' ? -1 : 1);
          if (to >= 0 && to < all.length) reorder(moveTo(all, all[index] as string, to));
          return;
        }
        const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: all.length - 1 }[e.key];
        if (target === undefined) return;
        e.preventDefault();
        focusAt(target);
      },
      dragStart: (e, id) => {
        e.dataTransfer.setData(DRAG_TYPE, id);
        e.dataTransfer.effectAllowed = 'move';
      },
      dragOver: (e, id) => {
        if (!latest.current.onReorder || !e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        const next = dropTarget(e, id);
        // Dragover fires continuously: a state update only when the drop point moved.
        setDropAt((was) => (was?.id === next.id && was.after === next.after ? was : next));
      },
      dragDone: () => setDropAt(undefined),
      drop: (e, id) => {
        const all = ids();
        const dragged = e.dataTransfer.getData(DRAG_TYPE);
        setDropAt(undefined);
        const reorder = latest.current.onReorder;
        if (!reorder || !all.includes(dragged)) return;
        e.preventDefault();
        const { after } = dropTarget(e, id);
        const rest = all.filter((x) => x !== dragged);
        const next = moveTo(all, dragged, rest.indexOf(id) + (after ? 1 : 0));
        if (next.join() !== all.join()) reorder(next);
      },
    };
  }, []);

  return (
    <div role="tablist" aria-label="Apps" className="tabbar">
      {apps.map((app, index) => (
        <Tab
          key={app.id}
          id={app.id}
          name={app.name}
          index={index}
          selected={app.id === selectedId}
          focusable={app.id === selectedId || (!selectedId && index === 0)}
          drop={dropAt?.id === app.id ? (dropAt.after ? 'after' : 'before') : undefined}
          reorderable={!!onReorder}
          on={on}
        />
      ))}
    </div>
  );
}
