import type { QueryClient } from '@tanstack/react-query';
import { isFirstPageDrawn } from '../lib/first-page.ts';
import { nextTask } from '../lib/idle.ts';

/** How long the first page waits for the data it draws; past it, the page draws its loading states. */
export const PAGE_DATA_WAIT_MS = 3_000;

/** A page's first data: the module that reads it, and how. */
export interface PageData<DataModule> {
  load: () => Promise<DataModule>;
  prefetch: (module: DataModule, client: QueryClient) => Promise<unknown>;
}

/**
 * A chunk whose data is read alongside it. At boot (no page drawn yet) it is drawn once that data is in, or once
 * PAGE_DATA_WAIT_MS has passed since it was asked for: the page draws once, with its data, in the slices of a
 * transition, while the frame drawn at build time stays up. Drawn before its data, it drew its loading states, then
 * again as each query answered, and a query's answer renders at once (a store update), in one long task. Later
 * navigations do not wait (the router keeps the last page on screen while a transition is pending): the data request
 * has a head start, and the page shows its loading states meanwhile. TanStack Query loads here, never on /login.
 *
 * The module that reads the data (with the schemas its replies are checked with) runs first and the page's own modules
 * in a later task, while the data is on its way: run together, they made one long task. Without its data module (a
 * chunk that failed to load) the page still loads and reads its data itself.
 */
export function withPageData<DataModule, Module>(data: PageData<DataModule>, load: () => Promise<Module>): () => Promise<Module> {
  return async () => {
    const answered = askForData(data);
    const waitsForData = !isFirstPageDrawn();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitsForData ? PAGE_DATA_WAIT_MS : 0)));
    await Promise.race([answered.asked, waited]);
    await nextTask();
    const module = await load();
    if (waitsForData) await Promise.race([answered.done, waited]);
    clearTimeout(timer);
    return module;
  };
}

/** Starts the data's requests: `asked` once they are out (or could not be), `done` once they are answered. Never rejects. */
function askForData<DataModule>(data: PageData<DataModule>): { asked: Promise<void>; done: Promise<void> } {
  const started = Promise.all([data.load(), import('./query-client.ts')]).then(([module, { sharedQueryClient }]) => ({
    answers: data.prefetch(module, sharedQueryClient()).then(
      () => undefined,
      () => undefined,
    ),
  }));
  const failed = () => ({ answers: Promise.resolve() });
  const out = started.catch(failed);
  return { asked: out.then(() => undefined), done: out.then(({ answers }) => answers) };
}
