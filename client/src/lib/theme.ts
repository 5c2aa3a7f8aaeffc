import { useCallback, useState } from 'react';

/** Light, Dark, or whatever the system says (`prefers-color-scheme`). */
export type Theme = 'light' | 'dark' | 'system';

export const THEMES: { value: Theme; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/**
 * Where the choice is kept, in this browser only. admin.html's inline script reads the same key
 * before the first paint; keep the two in step.
 */
export const THEME_KEY = 'theme';

function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/**
 * The explicit choice is data-theme on <html>, which tokens.css turns into `color-scheme`; System
 * removes it, so the stylesheet follows `prefers-color-scheme` by itself (also live, when the system
 * switches at dusk).
 */
function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
  try {
    if (theme === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage unavailable (private mode): the choice holds until the page is left.
  }
}

/** The theme chosen in this browser, and a setter that applies and keeps it. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setThemeState] = useState<Theme>(storedTheme);
  const setTheme = useCallback((next: Theme) => {
    applyTheme(next);
    setThemeState(next);
  }, []);
  return [theme, setTheme];
}
