import { type DragEvent, type KeyboardEvent, memo } from 'react';

/** What every tab calls; one stable object for the bar, so a tab re-renders only when its own props change. */
export interface TabHandlers {
  register: (id: string, el: HTMLButtonElement | null) => void;
  select: (id: string) => void;
  warm: (id: string) => void;
  keyDown: (e: KeyboardEvent, index: number) => void;
  dragStart: (e: DragEvent<HTMLButtonElement>, id: string) => void;
  dragOver: (e: DragEvent<HTMLButtonElement>, id: string) => void;
  dragDone: () => void;
  drop: (e: DragEvent<HTMLButtonElement>, id: string) => void;
}

/** One app's tab in the launcher's tab bar. */
export const Tab = memo(function Tab({
  id,
  name,
  index,
  selected,
  focusable,
  drop,
  reorderable,
  on,
}: {
  id: string;
  name: string;
  index: number;
  selected: boolean;
  /** In the tab order: the selected tab (or the first when none is). */
  focusable: boolean;
  /** Where a dragged tab would land, shown on this tab. */
  drop: 'before' | 'after' | undefined;
  reorderable: boolean;
  on: TabHandlers;
}) {
  return (
    <button
      ref={(el) => on.register(id, el)}
      type="button"
      role="tab"
      id={`tab-${id}`}
      aria-selected={selected}
      aria-controls={selected ? `panel-${id}` : undefined}
      tabIndex={focusable ? 0 : -1}
      className={drop ? `tab drop-${drop}` : 'tab'}
      draggable={reorderable ? true : undefined}
      aria-keyshortcuts={reorderable ? 'Control+Shift+ArrowLeft Control+Shift+ArrowRight' : undefined}
      onDragStart={(e) => on.dragStart(e, id)}
      onDragOver={(e) => on.dragOver(e, id)}
      onDragLeave={on.dragDone}
      onDragEnd={on.dragDone}
      onDrop={(e) => on.drop(e, id)}
      onClick={() => on.select(id)}
      onPointerEnter={() => on.warm(id)}
      onFocus={() => on.warm(id)}
      onKeyDown={(e) => on.keyDown(e, index)}
    >
      {name}
    </button>
  );
});
