import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_THEME, type Theme } from '@sound-studio/shared';
import { applyTheme, DARK_SCHEME_QUERY, readStoredTheme, resolveTheme, storeTheme, systemPrefersDark } from '../../../lib/theme.ts';
import { ThemeContext, type ThemeContextValue } from '../theme-context.ts';

/** Holds the chosen theme, stores it and keeps <html> in step, following the OS live when "system" is chosen. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(readStoredTheme);
  const [prefersDark, setPrefersDark] = useState(systemPrefersDark);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_SCHEME_QUERY);
    const onChange = (event: MediaQueryListEvent) => setPrefersDark(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const resolvedTheme = resolveTheme(theme, prefersDark);
  useEffect(() => applyTheme(resolvedTheme), [resolvedTheme]);

  const setTheme = useCallback((next: Theme) => {
    storeTheme(next);
    setThemeState(next);
  }, []);

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

const STATIC_THEME: ThemeContextValue = { theme: DEFAULT_THEME, resolvedTheme: resolveTheme(DEFAULT_THEME, false), setTheme: () => undefined };

/**
 * The theme of a page built ahead of time (no browser to ask): the default one. Its colours still follow the visitor's
 * choice (the boot script sets <html>'s class before the first paint); the app draws the toggle's real icon.
 */
export function StaticThemeProvider({ children }: { children: ReactNode }) {
  return <ThemeContext.Provider value={STATIC_THEME}>{children}</ThemeContext.Provider>;
}
