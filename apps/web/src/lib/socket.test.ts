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

  it('tells each holder when the connection comes back after a drop, not when it is first made', async () => {
    const { connectNamespace } = await import('./socket.ts');
    const header = connectNamespace('/user');
    const page = connectNamespace('/user');
    const headerBack = vi.fn();
    const pageBack = vi.fn();
    header.onReconnect(headerBack);
    page.onReconnect(pageBack);
    emit('connect');
    expect([headerBack.mock.calls.length, pageBack.mock.calls.length]).toEqual([0, 0]);
    emit('connect');
    expect([headerBack.mock.calls.length, pageBack.mock.calls.length]).toEqual([1, 1]);
    page.disconnect();
    emit('connect');
    expect([headerBack.mock.calls.length, pageBack.mock.calls.length]).toEqual([2, 1]);
  });
});
