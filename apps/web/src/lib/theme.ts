import { DEFAULT_THEME, STORAGE_KEYS, THEMES, type Theme } from '@sound-studio/shared';
import { readItem, writeItem } from './storage.ts';

export type ResolvedTheme = 'light' | 'dark';

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

export function readStoredTheme(): Theme {
  const stored = readItem('local', STORAGE_KEYS.theme);
  return isTheme(stored) ? stored : DEFAULT_THEME;
}

export function storeTheme(theme: Theme): void {
  writeItem('local', STORAGE_KEYS.theme, theme);
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_SCHEME_QUERY).matches;
}

export function resolveTheme(theme: Theme, prefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}

/** Puts the theme on <html>: the `dark` class drives the tokens, color-scheme styles native controls. */
export function applyTheme(resolved: ResolvedTheme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', resolved === 'dark' ? '#0c0c12' : '#f7f7f9');
}
