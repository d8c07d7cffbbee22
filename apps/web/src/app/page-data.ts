import type { QueryClient } from '@tanstack/react-query';

/** How long a first render waits for the data it draws; past it, the page draws its loading states. */
export const PAGE_DATA_WAIT_MS = 3_000;

/**
 * A chunk drawn once the data it shows first is in (or PAGE_DATA_WAIT_MS has passed), read alongside the chunk: the
 * page draws once, with its data, in the slices of a transition. Drawn before its data, it drew its loading states,
 * then again as each query answered, and a query's answer renders at once (a store update), in one long task. At boot
 * the frame drawn at build time stays up meanwhile. TanStack Query (with the cache) loads here, never on /login.
 */
export function withPageData<Module>(load: () => Promise<Module>, prefetch: (module: Module, client: QueryClient) => Promise<unknown>): () => Promise<Module> {
  return () =>
    Promise.all([load(), import('./query-client.ts')]).then(async ([module, { sharedQueryClient }]) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, PAGE_DATA_WAIT_MS)));
      await Promise.race([prefetch(module, sharedQueryClient()), waited]);
      clearTimeout(timer);
      return module;
    });
}
