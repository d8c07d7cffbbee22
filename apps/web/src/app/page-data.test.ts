import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_WAIT_MS, withPageData } from './page-data.ts';
import { sharedQueryClient } from './query-client.ts';

const page = { name: 'the page module' };
const dataModule = { name: 'the module that reads the page data' };

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

  it("reads the page's data into the shared cache and resolves with the page's module once it is in", async () => {
    vi.useFakeTimers();
    const data = deferred();
    let client: QueryClient | null = null;
    const steps: string[] = [];
    const load = withPageData(
      {
        load: () => Promise.resolve(dataModule),
        prefetch: (module, given) => {
          expect(module).toBe(dataModule);
          client = given;
          steps.push('data asked for');
          return data.promise;
        },
      },
      () => {
        steps.push('page loaded');
        return Promise.resolve(page);
      },
    );
    const loaded = load();
    expect(await settled(loaded)).toBe(false);
    expect(client).toBe(sharedQueryClient());
    // The page's modules run after the data is asked for, in a later task, while it is on its way.
    expect(steps).toEqual(['data asked for', 'page loaded']);
    data.resolve();
    expect(await settled(loaded)).toBe(true);
    await expect(loaded).resolves.toBe(page);
  });

  it('gives up waiting after PAGE_DATA_WAIT_MS, so a slow answer leaves the page to its loading states', async () => {
    vi.useFakeTimers();
    const load = withPageData({ load: () => Promise.resolve(dataModule), prefetch: () => new Promise(() => {}) }, () => Promise.resolve(page));
    const loaded = load();
    expect(await settled(loaded)).toBe(false);
    await vi.advanceTimersByTimeAsync(PAGE_DATA_WAIT_MS - 10);
    expect(await settled(loaded)).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    await expect(loaded).resolves.toBe(page);
  });

  it('fails as the chunk does when the chunk cannot load', async () => {
    const load = withPageData({ load: () => Promise.resolve(dataModule), prefetch: () => Promise.resolve() }, () => Promise.reject(new Error('chunk failed')));
    await expect(load()).rejects.toThrow('chunk failed');
  });
});
