import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const connect = vi.fn();
const disconnect = vi.fn();
vi.mock('socket.io-client', () => ({ io: vi.fn(() => ({ connect, disconnect, on: vi.fn(), off: vi.fn() })) }));

describe('connectNamespace', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestIdleCallback', 'cancelIdleCallback'] });
    connect.mockClear();
    disconnect.mockClear();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the shared connection only once the first page is drawn, when the browser is idle', async () => {
    const { connectNamespace } = await import('./socket.ts');
    const { markFirstPageDrawn } = await import('./first-page.ts');
    const header = connectNamespace('/user');
    const page = connectNamespace('/user');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(connect).not.toHaveBeenCalled();
    markFirstPageDrawn();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(connect).toHaveBeenCalledTimes(1);
    header.disconnect();
    expect(disconnect).not.toHaveBeenCalled();
    page.disconnect();
    expect(disconnect).toHaveBeenCalledTimes(1);
  });

  it('opens anyway after a while when no page is drawn', async () => {
    const { connectNamespace } = await import('./socket.ts');
    connectNamespace('/user');
    await vi.advanceTimersByTimeAsync(14_000);
    expect(connect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it('never opens a connection whose last holder left before the page was drawn', async () => {
    const { connectNamespace } = await import('./socket.ts');
    const { markFirstPageDrawn } = await import('./first-page.ts');
    connectNamespace('/public').disconnect();
    markFirstPageDrawn();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(connect).not.toHaveBeenCalled();
  });
});
