import { type Theme, themeFor } from '../theme/tokens.ts';

let current: Theme = themeFor('light');
const listeners = new Set<(theme: Theme) => void>();

/** The theme app frames get: the shell sets it, frames read it on connect and follow its changes. */
export const hostTheme = (): Theme => current;

export function setHostTheme(theme: Theme): void {
  current = theme;
  for (const l of listeners) l(theme);
}

export function onHostTheme(listener: (theme: Theme) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
