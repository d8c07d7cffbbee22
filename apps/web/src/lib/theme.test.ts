import { describe, expect, it } from 'vitest';
import { applyTheme, readStoredTheme, resolveTheme, storeTheme } from './theme.ts';

describe('theme', () => {
  it('defaults to light and reads the stored choice', () => {
    expect(readStoredTheme()).toBe('light');
    storeTheme('dark');
    expect(localStorage.getItem('soundstudio_theme')).toBe('dark');
    expect(readStoredTheme()).toBe('dark');
    localStorage.setItem('soundstudio_theme', 'sepia');
    expect(readStoredTheme()).toBe('light');
  });

  it('follows the OS in system mode', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('puts the dark class and color scheme on <html>', () => {
    applyTheme('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    applyTheme('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});
