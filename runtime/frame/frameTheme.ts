import { applyTheme, type Theme, themeFor } from '../theme/tokens.ts';

let current: Theme = themeFor('light');
const listeners = new Set<() => void>();

/** The theme the launcher handed this frame (on connect, then on each switch); applied to `<html>`. */
export function setFrameTheme(theme: Theme): void {
  if (!document.getElementById('room-theme')) {
    // Lowest specificity: the page takes the theme's colours unless the app's own CSS says otherwise.
    const base = document.createElement('style');
    base.id = 'room-theme';
    base.textContent =
      ':where(html){background:var(--room-bg);color:var(--room-text);font-family:var(--room-font-family)}';
    document.head.prepend(base);
  }
  current = theme;
  applyTheme(document.documentElement, theme);
  for (const l of listeners) l();
}

export const frameTheme = (): Theme => current;

export function onFrameTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
