import { STORAGE_KEYS } from '@sound-studio/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepPrerenderedPage, releasePrerenderedFrame } from './prerendered-page.ts';

function containerWith(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

/** The frame as the build draws it: on a layer beside #root. */
function frameBeside(container: HTMLElement): void {
  container.insertAdjacentHTML(
    'afterend',
    '<div data-prerendered-layer=""><div data-prerendered="en" data-prerendered-page="text-to-speech" inert=""><h1>Text to speech</h1></div></div>',
  );
}

afterEach(() => {
  releasePrerenderedFrame();
  localStorage.clear();
  document.body.replaceChildren();
});

describe('keepPrerenderedPage: the sign-in page', () => {
  it('keeps the page drawn in the language the app will use, for a signed-out visitor', () => {
    const container = containerWith('<div data-prerendered="en" inert><h1>Welcome back</h1></div>');
    expect(keepPrerenderedPage(container, 'en')).toBe('form');
    expect(container.textContent).toBe('Welcome back');
  });

  it('drops it at once for a reader of the other language', () => {
    const container = containerWith('<div data-prerendered="en" inert><h1>Welcome back</h1></div>');
    expect(keepPrerenderedPage(container, 'tr')).toBeNull();
    expect(container.childElementCount).toBe(0);
  });

  it('drops it for a signed-in visitor, whom the app sends on', () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'stored-token');
    const container = containerWith('<div data-prerendered="tr" inert><h1>Tekrar hoş geldiniz</h1></div>');
    expect(keepPrerenderedPage(container, 'tr')).toBeNull();
    expect(container.childElementCount).toBe(0);
  });

  it('leaves an ordinary page alone', () => {
    const container = containerWith('');
    expect(keepPrerenderedPage(container, 'en')).toBeNull();
  });
});

describe('keepPrerenderedPage: the studio frame', () => {
  it('keeps it over the app for a signed-in visitor, #root left to the app, until it is released', async () => {
    sessionStorage.setItem(STORAGE_KEYS.accessToken, 'this-tab-only');
    const container = containerWith('');
    frameBeside(container);
    expect(keepPrerenderedPage(container, 'en')).toBe('frame');
    expect(container.childElementCount).toBe(0);
    expect(container.hasAttribute('data-beneath-frame')).toBe(true);
    expect(document.querySelector('[data-prerendered-layer] h1')?.textContent).toBe('Text to speech');
    releasePrerenderedFrame();
    // Hidden at once, with #root no longer marked as covered; its nodes leave the document once the browser is idle.
    expect(document.querySelector<HTMLElement>('[data-prerendered-layer]')?.hidden).toBe(true);
    expect(container.hasAttribute('data-beneath-frame')).toBe(false);
    await vi.waitFor(() => expect(document.querySelector('[data-prerendered-layer]')).toBeNull());
    // A second release (the app draws another page later) changes nothing.
    releasePrerenderedFrame();
    sessionStorage.clear();
  });

  it('takes a large frame out a slice at a time, each slice stopping once its time is spent', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'stored-token');
    const container = containerWith('');
    const rows = Array.from({ length: 300 }, (_, index) => `<li><span>Row ${index}</span></li>`).join('');
    container.insertAdjacentHTML('afterend', `<div data-prerendered-layer=""><div data-prerendered="en"><ul>${rows}</ul></div></div>`);
    expect(keepPrerenderedPage(container, 'en')).toBe('frame');
    const layer = document.querySelector('[data-prerendered-layer]');
    // A clock that moves 1 ms each time it is read (no timing of the machine itself): a slice ends after a few removals.
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (now += 1));
    const removedPerSlice: number[] = [];
    const countNodes = () => layer?.querySelectorAll('*').length ?? 0;
    vi.stubGlobal('requestIdleCallback', (work: () => void) =>
      setTimeout(() => {
        const before = countNodes();
        work();
        removedPerSlice.push(before - countNodes());
      }, 0),
    );
    releasePrerenderedFrame();
    expect(removedPerSlice).toEqual([]);
    await vi.waitFor(() => expect(layer?.isConnected).toBe(false), { timeout: 10_000 });
    expect(layer?.childNodes.length).toBe(0);
    // 901 elements (and their text) in slices of at most a handful of nodes each.
    expect(removedPerSlice.length).toBeGreaterThan(100);
    expect(Math.max(...removedPerSlice)).toBeLessThanOrEqual(5);
  });

  it('drops it at once for a signed-out visitor, whom the app sends to the sign-in page', () => {
    const container = containerWith('');
    frameBeside(container);
    expect(keepPrerenderedPage(container, 'en')).toBeNull();
    expect(document.querySelector('[data-prerendered-layer]')).toBeNull();
  });

  it('drops it for a reader of the other language', () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'stored-token');
    const container = containerWith('');
    frameBeside(container);
    expect(keepPrerenderedPage(container, 'tr')).toBeNull();
    expect(document.querySelector('[data-prerendered-layer]')).toBeNull();
  });
});
