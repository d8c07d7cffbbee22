import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('registerServiceWorkerAfterFirstPage', () => {
  const register = vi.fn(() => Promise.resolve({}));

  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestIdleCallback'] });
    register.mockClear();
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the first page, then a quiet moment, before registering', async () => {
    const { registerServiceWorkerAfterFirstPage } = await import('./service-worker.ts');
    const { markFirstPageDrawn } = await import('../../lib/first-page.ts');
    registerServiceWorkerAfterFirstPage();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(register).not.toHaveBeenCalled();
    markFirstPageDrawn();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(11_000);
    expect(register).toHaveBeenCalledTimes(1);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('registers once, late, when no page is ever drawn', async () => {
    const { registerServiceWorkerAfterFirstPage } = await import('./service-worker.ts');
    registerServiceWorkerAfterFirstPage();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(register).toHaveBeenCalledTimes(1);
  });
});
