// How long to wait for the line's row: a page still rendering five large cards can take seconds.
const MAX_WAIT_MS = 15_000;

/** The event a file view (`data-line-anchor`) gets to give a line that shares a row its own row. */
export const SHOW_LINE_EVENT = 'room-show-line';

/**
 * Brings line `id` into view: asks its closed file list to open (`open`), asks its file for the line's
 * own row, waits for the row to render, then moves the URL's fragment to it, which scrolls it into view
 * and lets `:target` mark it.
 */
export function showLine(id: string, open?: () => void): void {
  open?.();
  const [, prefix, line] = /^(.*)L(\d+)$/.exec(id) ?? [];
  const started = performance.now();
  const look = () => {
    const row = document.getElementById(id);
    if (row) {
      if (location.hash !== `#${id}`) location.hash = id;
      // Opened on its address before the row existed: navigate to it again so `:target` finds it.
      else if (!row.matches(':target')) location.replace(`#${id}`);
      row.scrollIntoView({ block: 'center' });
      row.focus({ preventScroll: true });
      return;
    }
    for (const file of document.querySelectorAll<HTMLElement>('[data-line-anchor]'))
      if (file.dataset.lineAnchor === prefix)
        file.dispatchEvent(new CustomEvent(SHOW_LINE_EVENT, { detail: Number(line) }));
    if (performance.now() - started < MAX_WAIT_MS) requestAnimationFrame(look);
  };
  look();
}
