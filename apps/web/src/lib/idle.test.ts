import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './idle.ts';

describe('nextTask', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves in a later task, after the microtasks queued with it', async () => {
    const order: string[] = [];
    const next = nextTask().then(() => order.push('next task'));
    queueMicrotask(() => order.push('microtask'));
    await Promise.resolve();
    expect(order).toEqual(['microtask']);
    await next;
    expect(order).toEqual(['microtask', 'next task']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldToMain = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldToMain });
    await nextTask();
    expect(yieldToMain).toHaveBeenCalledTimes(1);
  });
});
