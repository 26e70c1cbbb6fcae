import { setThemePreference, type ThemePreference, useThemePreference } from './themePreference.ts';

/** The person's theme choice, in the top bar: the system's, light or dark. */
export function ThemeSwitch() {
  const { preference } = useThemePreference();
  return (
    <label className="theme-switch">
      <span>Theme</span>
      <select value={preference} onChange={(e) => setThemePreference(e.target.value as ThemePreference)}>
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </label>
  );
}
