// Frames to wait for a file box that was closed to render its rows (a 64 KB file renders in a few).
const MAX_FRAMES = 120;

/**
 * Brings line `id` into view: asks its closed file list to open (`open`), waits for the row to render,
 * then moves the URL's fragment to it, which scrolls it into view and lets `:target` mark it.
 */
export function showLine(id: string, open?: () => void): void {
  open?.();
  let frames = 0;
  const look = () => {
    const row = document.getElementById(id);
    if (row) {
      if (location.hash !== `#${id}`) location.hash = id;
      row.scrollIntoView({ block: 'center' });
      row.focus({ preventScroll: true });
    } else if (++frames < MAX_FRAMES) requestAnimationFrame(look);
  };
  look();
}
