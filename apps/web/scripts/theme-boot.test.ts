import { STORAGE_KEYS } from '@sound-studio/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { themeBootSource } from './theme-boot.ts';

/** The inline script the plugin puts in <head>, run as the browser would. */
function runBootScript(): void {
  new Function(themeBootSource())();
}

describe('theme boot script', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.documentElement.removeAttribute('data-session');
    document.documentElement.classList.remove('dark');
  });

  it('applies the stored dark theme and marks a browser with a session', () => {
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
    runBootScript();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.documentElement.hasAttribute('data-session')).toBe(true);
  });

  it('marks only a browser with a session, and makes no Intl object (it would load the locale data)', () => {
    vi.useFakeTimers();
    const made = (['NumberFormat', 'DateTimeFormat', 'DisplayNames', 'Collator'] as const).map((name) => vi.spyOn(Intl, name));
    runBootScript();
    expect(document.documentElement.hasAttribute('data-session')).toBe(false);
    sessionStorage.setItem(STORAGE_KEYS.accessToken, 'token');
    runBootScript();
    vi.runAllTimers();
    expect(document.documentElement.hasAttribute('data-session')).toBe(true);
    for (const spy of made) expect(spy).not.toHaveBeenCalled();
  });
});
