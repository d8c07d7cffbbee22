import { STORAGE_KEYS } from '@sound-studio/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { keepPrerenderedPage } from './prerendered-page.ts';

function containerWith(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

afterEach(() => localStorage.clear());

describe('keepPrerenderedPage', () => {
  it('keeps the page drawn in the language the app will use, for a signed-out visitor', () => {
    const container = containerWith('<div data-prerendered="en" inert><h1>Welcome back</h1></div>');
    expect(keepPrerenderedPage(container, 'en')).toBe(true);
    expect(container.textContent).toBe('Welcome back');
  });

  it('drops it at once for a reader of the other language', () => {
    const container = containerWith('<div data-prerendered="en" inert><h1>Welcome back</h1></div>');
    expect(keepPrerenderedPage(container, 'tr')).toBe(false);
    expect(container.childElementCount).toBe(0);
  });

  it('drops it for a signed-in visitor, whom the app sends on', () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'stored-token');
    const container = containerWith('<div data-prerendered="tr" inert><h1>Tekrar hoş geldiniz</h1></div>');
    expect(keepPrerenderedPage(container, 'tr')).toBe(false);
    expect(container.childElementCount).toBe(0);
  });

  it('leaves an ordinary page alone', () => {
    const container = containerWith('');
    expect(keepPrerenderedPage(container, 'en')).toBe(false);
  });
});
