import { applyTheme, type Theme, themeFor } from '../theme/tokens.ts';

let current: Theme = themeFor('light');
let based = false;
const listeners = new Set<() => void>();

/** The theme the launcher handed this frame (on connect, then on each switch); applied to `<html>`. */
export function setFrameTheme(theme: Theme): void {
  if (!based) {
    based = true;
    // Lowest specificity, and no <style> element of ours in the app's document: the page takes the
    // theme's colours unless the app's own CSS says otherwise.
    const base = new CSSStyleSheet();
    base.replaceSync(
      ':where(html){background:var(--room-bg);color:var(--room-text);font-family:var(--room-font-family)}',
    );
    document.adoptedStyleSheets = [base, ...document.adoptedStyleSheets];
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
