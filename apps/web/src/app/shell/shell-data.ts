import type { QueryClient } from '@tanstack/react-query';
import { creditSummaryQuery } from '../../features/credits/index.ts';
import { preferencesQuery } from '../../features/preferences/index.ts';

/** What the shell draws from the server at once: the saved sidebar state and the balance in the header. */
export function prefetchShellData(client: QueryClient): Promise<unknown> {
  return Promise.all([client.prefetchQuery(preferencesQuery), client.prefetchQuery(creditSummaryQuery)]);
}
