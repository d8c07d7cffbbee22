import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const connect = vi.fn();
const disconnect = vi.fn();
/** The listeners on the mocked socket, by event, so a test can emit socket.io's own `connect`. */
const listeners = new Map<string, Array<() => void>>();
const emit = (event: string) => [...(listeners.get(event) ?? [])].forEach((listener) => listener());
vi.mock('socket.io-client', () => ({
  io: vi.fn(() => ({
    connect,
    disconnect,
    on: (event: string, listener: () => void) => listeners.set(event, [...(listeners.get(event) ?? []), listener]),
    off: (event: string, listener: () => void) => listeners.set(event, (listeners.get(event) ?? []).filter((other) => other !== listener)),
  })),
}));

describe('connectNamespace', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestIdleCallback', 'cancelIdleCallback'] });
    connect.mockClear();
    disconnect.mockClear();
    listeners.clear();
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

  it('tells each holder every time the connection is made, until it leaves', async () => {
    const { connectNamespace } = await import('./socket.ts');
    const { markFirstPageDrawn } = await import('./first-page.ts');
    const header = connectNamespace('/user');
    const headerConnected = vi.fn();
    header.onConnect(headerConnected);
    markFirstPageDrawn();
    await vi.advanceTimersByTimeAsync(2_000);
    // A holder that comes once the socket is made listens on it at once.
    const page = connectNamespace('/user');
    const pageConnected = vi.fn();
    page.onConnect(pageConnected);
    emit('connect');
    expect([headerConnected.mock.calls.length, pageConnected.mock.calls.length]).toEqual([1, 1]);
    page.disconnect();
    emit('connect');
    expect([headerConnected.mock.calls.length, pageConnected.mock.calls.length]).toEqual([2, 1]);
  });

  it('makes no socket for a connection whose last holder left while the client was loading', async () => {
    const { io } = await import('socket.io-client');
    const { connectNamespace } = await import('./socket.ts');
    const { markFirstPageDrawn } = await import('./first-page.ts');
    vi.mocked(io).mockClear();
    const holder = connectNamespace('/user');
    markFirstPageDrawn();
    // The idle callback runs (the client's import starts); the holder leaves before the import answers.
    vi.advanceTimersByTime(2_000);
    holder.disconnect();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(io).not.toHaveBeenCalled();
    expect(connect).not.toHaveBeenCalled();
  });

  // Last: it replaces the client's mock for the rest of the file.
  it("loads socket.io's client again after a failed load, while the connection has holders", async () => {
    let loads = 0;
    vi.doMock('socket.io-client', () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk failed');
      return { io: vi.fn(() => ({ connect, disconnect, on: vi.fn(), off: vi.fn() })) };
    });
    try {
      const { connectNamespace } = await import('./socket.ts');
      const { markFirstPageDrawn } = await import('./first-page.ts');
      connectNamespace('/user');
      markFirstPageDrawn();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(loads).toBe(1);
      expect(connect).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(loads).toBe(2);
      expect(connect).toHaveBeenCalledTimes(1);
    } finally {
      vi.doUnmock('socket.io-client');
    }
  });
});
