import type { QueryClient } from '@tanstack/react-query';
import { nextTask } from '../lib/idle.ts';

/** How long a first render waits for the data it draws; past it, the page draws its loading states. */
export const PAGE_DATA_WAIT_MS = 3_000;

/** A page's first data: the module that reads it, and how. */
export interface PageData<DataModule> {
  load: () => Promise<DataModule>;
  prefetch: (module: DataModule, client: QueryClient) => Promise<unknown>;
}

/**
 * A chunk drawn once the data it shows first is in (or PAGE_DATA_WAIT_MS has passed): the page draws once, with its
 * data, in the slices of a transition. Drawn before its data, it drew its loading states, then again as each query
 * answered, and a query's answer renders at once (a store update), in one long task. At boot the frame drawn at build
 * time stays up meanwhile. TanStack Query (with the cache) loads here, never on /login.
 *
 * The module that reads the data (with the schemas its replies are checked with) loads and runs first, and the page's
 * own modules in a later task, while the data is on its way: run together, they made one long task.
 */
export function withPageData<DataModule, Module>(data: PageData<DataModule>, load: () => Promise<Module>): () => Promise<Module> {
  return async () => {
    const [dataModule, { sharedQueryClient }] = await Promise.all([data.load(), import('./query-client.ts')]);
    const answered = data.prefetch(dataModule, sharedQueryClient());
    await nextTask();
    const module = await load();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, PAGE_DATA_WAIT_MS)));
    await Promise.race([answered, waited]);
    clearTimeout(timer);
    return module;
  };
}
