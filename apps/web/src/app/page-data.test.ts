import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import type * as FirstPage from '../lib/first-page.ts';
import type * as PageDataModule from './page-data.ts';
import type * as QueryClientModule from './query-client.ts';

// Fresh modules for each test: whether a page has been drawn is module state, which another file's test may have set.
let markFirstPageDrawn: typeof FirstPage.markFirstPageDrawn;
let PAGE_DATA_WAIT_MS: number;
let withPageData: typeof PageDataModule.withPageData;
let sharedQueryClient: typeof QueryClientModule.sharedQueryClient;

const page = { name: 'the page module' };
const dataModule = { name: 'the module that reads the page data' };

/** A promise and its resolver, for data that answers when the test says so. */
function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Whether `promise` has settled once the queued microtasks have run (no timer fires). */
async function settledWithoutTimers(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
  return done;
}

/** Whether `promise` has settled once the queued work, due timers included, has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('withPageData', () => {
  beforeEach(async () => {
    vi.resetModules();
    ({ markFirstPageDrawn } = await import('../lib/first-page.ts'));
    ({ PAGE_DATA_WAIT_MS, withPageData } = await import('./page-data.ts'));
    ({ sharedQueryClient } = await import('./query-client.ts'));
  });

  afterEach(() => vi.useRealTimers());

  it("at boot, asks for the page's data first, loads the page in a later task, and resolves once the data is in", async () => {
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
    // Without a task boundary (timers held), only the data has been asked for.
    await settledWithoutTimers(loaded);
    expect(steps).toEqual(['data asked for']);
    expect(client).toBe(sharedQueryClient());
    expect(await settled(loaded)).toBe(false);
    expect(steps).toEqual(['data asked for', 'page loaded']);
    data.resolve();
    expect(await settled(loaded)).toBe(true);
    await expect(loaded).resolves.toBe(page);
  });

  it('gives up waiting PAGE_DATA_WAIT_MS after asking, so a slow answer leaves the page to its loading states', async () => {
    vi.useFakeTimers();
    const load = withPageData({ load: () => Promise.resolve(dataModule), prefetch: () => new Promise(() => {}) }, () => Promise.resolve(page));
    const loaded = load();
    expect(await settled(loaded)).toBe(false);
    await vi.advanceTimersByTimeAsync(PAGE_DATA_WAIT_MS - 10);
    expect(await settled(loaded)).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    await expect(loaded).resolves.toBe(page);
  });

  it('loads the page without its data when the data module or its requests fail', async () => {
    const withoutModule = withPageData({ load: () => Promise.reject(new Error('data chunk failed')), prefetch: () => Promise.resolve() }, () => Promise.resolve(page));
    await expect(withoutModule()).resolves.toBe(page);
    const refused = withPageData({ load: () => Promise.resolve(dataModule), prefetch: () => Promise.reject(new Error('refused')) }, () => Promise.resolve(page));
    await expect(refused()).resolves.toBe(page);
  });

  it('fails as the chunk does when the page cannot load', async () => {
    const load = withPageData({ load: () => Promise.resolve(dataModule), prefetch: () => Promise.resolve() }, () => Promise.reject(new Error('chunk failed')));
    await expect(load()).rejects.toThrow('chunk failed');
  });

  it('once a page is drawn, a navigation does not wait for the next page data', async () => {
    markFirstPageDrawn();
    const asked = vi.fn();
    const load = withPageData(
      {
        load: () => Promise.resolve(dataModule),
        prefetch: () => {
          asked();
          return new Promise(() => {});
        },
      },
      () => Promise.resolve(page),
    );
    await expect(load()).resolves.toBe(page);
    expect(asked).toHaveBeenCalledTimes(1);
  });
});
