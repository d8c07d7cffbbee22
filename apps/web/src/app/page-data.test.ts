import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_WAIT_MS, withPageData } from './page-data.ts';
import { sharedQueryClient } from './query-client.ts';

const page = { name: 'the page module' };

/** A promise and its resolver, for data that answers when the test says so. */
function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Whether `promise` has settled by the time the queued work (timers included, when faked) has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('withPageData', () => {
  afterEach(() => vi.useRealTimers());

  it("reads the page's data into the shared cache and resolves with the module once it is in", async () => {
    vi.useFakeTimers();
    const data = deferred();
    let client: QueryClient | null = null;
    const load = withPageData(
      () => Promise.resolve(page),
      (module, given) => {
        expect(module).toBe(page);
        client = given;
        return data.promise;
      },
    );
    const loaded = load();
    expect(await settled(loaded)).toBe(false);
    expect(client).toBe(sharedQueryClient());
    data.resolve();
    expect(await settled(loaded)).toBe(true);
    await expect(loaded).resolves.toBe(page);
  });

  it('gives up waiting after PAGE_DATA_WAIT_MS, so a slow answer leaves the page to its loading states', async () => {
    vi.useFakeTimers();
    const load = withPageData(
      () => Promise.resolve(page),
      () => new Promise(() => {}),
    );
    const loaded = load();
    expect(await settled(loaded)).toBe(false);
    await vi.advanceTimersByTimeAsync(PAGE_DATA_WAIT_MS - 10);
    expect(await settled(loaded)).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    await expect(loaded).resolves.toBe(page);
  });

  it('fails as the chunk does when the chunk cannot load', async () => {
    const load = withPageData(
      () => Promise.reject(new Error('chunk failed')),
      () => Promise.resolve(),
    );
    await expect(load()).rejects.toThrow('chunk failed');
  });
});
