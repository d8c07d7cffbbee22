import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const manifestLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]')].map((link) => link.getAttribute('href'));

describe('linkManifestAfterFirstPage', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestIdleCallback'] });
    for (const link of document.head.querySelectorAll('link[rel="manifest"]')) link.remove();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('links the manifest once the first page is drawn and has settled, not before', async () => {
    const { linkManifestAfterFirstPage } = await import('./manifest-link.ts');
    const { markFirstPageDrawn } = await import('../../lib/first-page.ts');
    linkManifestAfterFirstPage();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(manifestLinks()).toEqual([]);
    markFirstPageDrawn();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(manifestLinks()).toEqual([]);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(manifestLinks()).toEqual(['/manifest.webmanifest']);
  });

  it('links it late when no page is ever drawn, and only once', async () => {
    const { linkManifestAfterFirstPage } = await import('./manifest-link.ts');
    const { markFirstPageDrawn } = await import('../../lib/first-page.ts');
    linkManifestAfterFirstPage();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(manifestLinks()).toEqual([]);
    await vi.advanceTimersByTimeAsync(2_000);
    markFirstPageDrawn();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(manifestLinks()).toEqual(['/manifest.webmanifest']);
  });

  it('leaves a page that already links a manifest alone', async () => {
    const existing = document.createElement('link');
    existing.rel = 'manifest';
    existing.href = '/dev.webmanifest';
    document.head.append(existing);
    const { linkManifestAfterFirstPage } = await import('./manifest-link.ts');
    const { markFirstPageDrawn } = await import('../../lib/first-page.ts');
    linkManifestAfterFirstPage();
    markFirstPageDrawn();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(manifestLinks()).toEqual(['/dev.webmanifest']);
  });
});
