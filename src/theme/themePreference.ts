import { useSyncExternalStore } from 'react';
import { setHostTheme } from '../../runtime/host/hostTheme.ts';
import { applyTheme, type ThemeName, themeFor } from '../../runtime/theme/tokens.ts';

/** What the person chose: follow the system, or one theme. Kept on this device only. */
export type ThemePreference = 'system' | ThemeName;

const KEY = 'room-theme';
const media = window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

function readPreference(): ThemePreference {
  try {
    const saved = localStorage.getItem(KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

let preference = readPreference();

export const effectiveTheme = (): ThemeName =>
  preference === 'system' ? (media.matches ? 'dark' : 'light') : preference;

/** Applies the effective theme to the shell and hands it to every app frame. */
function update(): void {
  const theme = themeFor(effectiveTheme());
  applyTheme(document.documentElement, theme);
  setHostTheme(theme);
  for (const l of listeners) l();
}

export function setThemePreference(next: ThemePreference): void {
  preference = next;
  try {
    if (next === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, next);
  } catch {
    // Storage refused (private mode): the choice lasts for this page.
  }
  update();
}

media.addEventListener('change', update);
// Another launcher page of this browser switched: follow it.
window.addEventListener('storage', (e) => {
  if (e.key !== KEY && e.key !== null) return;
  preference = readPreference();
  update();
});
update();

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useThemePreference(): { preference: ThemePreference; theme: ThemeName } {
  const snapshot = useSyncExternalStore(subscribe, () => `${preference}:${effectiveTheme()}`);
  const [pref, theme] = snapshot.split(':') as [ThemePreference, ThemeName];
  return { preference: pref, theme };
}
