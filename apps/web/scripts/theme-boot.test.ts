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

  it('loads the locale data in a task of its own for a visitor with a session, and only for one', () => {
    vi.useFakeTimers();
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    runBootScript();
    vi.runAllTimers();
    expect(numberFormat).not.toHaveBeenCalled();
    expect(document.documentElement.hasAttribute('data-session')).toBe(false);

    sessionStorage.setItem(STORAGE_KEYS.accessToken, 'token');
    runBootScript();
    // Not while the page is still being parsed: after it, in a timer task.
    expect(numberFormat).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(numberFormat).toHaveBeenCalledTimes(1);
  });
});
