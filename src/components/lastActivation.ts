let at: number | undefined;

// The tab's click (or Enter) starts the click-to-paint clock; the open itself runs a render later.
for (const type of ['click', 'keydown'] as const) {
  document.addEventListener(type, (e) => (at = e.timeStamp), { capture: true });
}

/** When the member last clicked or pressed a key (if within a second), else now. */
export function lastActivationAt(): number {
  const now = performance.now();
  return at !== undefined && now - at < 1000 ? at : now;
}
