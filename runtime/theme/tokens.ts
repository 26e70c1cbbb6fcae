/** The launcher's two themes. */
export type ThemeName = 'light' | 'dark';

/** One set of design tokens (colours, type scale, spacing, radius) with a value per theme. */
const SHARED = {
  'font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  'font-mono': 'ui-monospace, SFMono-Regular, Menlo, monospace',
  'font-size-sm': '0.875rem',
  'font-size-md': '1rem',
  'font-size-lg': '1.25rem',
  'font-size-xl': '1.5rem',
  'space-1': '0.25rem',
  'space-2': '0.5rem',
  'space-3': '0.75rem',
  'space-4': '1rem',
  'space-6': '1.5rem',
  radius: '6px',
  'radius-lg': '10px',
} as const;

export const THEME_TOKENS = {
  light: {
    ...SHARED,
    bg: '#f6f7f9',
    surface: '#ffffff',
    text: '#1b1f27',
    muted: '#545c6b',
    border: '#8a93a3',
    'border-subtle': '#d6dae1',
    accent: '#2f5bd3',
    'accent-text': '#ffffff',
    danger: '#b3261e',
    focus: '#1a73e8',
  },
  dark: {
    ...SHARED,
    bg: '#15171c',
    surface: '#1e2128',
    text: '#e8eaef',
    muted: '#a2a9b8',
    border: '#6b7383',
    'border-subtle': '#363b46',
    accent: '#8ab0ff',
    'accent-text': '#0d1220',
    danger: '#ff8a80',
    focus: '#8ab0ff',
  },
} as const satisfies Record<ThemeName, Record<string, string>>;

export type ThemeTokens = Record<keyof typeof THEME_TOKENS.light, string>;

/** What the launcher hands an app: the theme's name and its token values. */
export interface Theme {
  theme: ThemeName;
  tokens: ThemeTokens;
}

export const themeFor = (name: ThemeName): Theme => ({ theme: name, tokens: { ...THEME_TOKENS[name] } });

const TOKEN_NAMES = new Set(Object.keys(THEME_TOKENS.light));
// A value that can only be a value: nothing that ends a declaration or opens a rule.
const SAFE_VALUE = /^[^;{}<>\\]{1,120}$/;

export function isTheme(x: unknown): x is Theme {
  if (typeof x !== 'object' || x === null) return false;
  const { theme, tokens } = x as Record<string, unknown>;
  if (theme !== 'light' && theme !== 'dark') return false;
  if (typeof tokens !== 'object' || tokens === null) return false;
  const entries = Object.entries(tokens);
  return (
    entries.length === TOKEN_NAMES.size &&
    entries.every(([k, v]) => TOKEN_NAMES.has(k) && typeof v === 'string' && SAFE_VALUE.test(v))
  );
}

/** Writes the tokens onto `<html>` as `--room-<name>` and sets its `color-scheme`. */
export function applyTheme(root: HTMLElement, { theme, tokens }: Theme): void {
  for (const [name, value] of Object.entries(tokens)) root.style.setProperty(`--room-${name}`, value);
  root.style.colorScheme = theme;
  root.dataset.theme = theme;
}
