import { queryOptions, useQuery } from '@tanstack/react-query';
import { creditSummarySchema } from '@sound-studio/shared';
import { api } from '../../../lib/api/index.ts';

export const creditSummaryQueryKey = ['credits', 'summary'] as const;

/** The balance and plan the header shows; also read ahead of the studio's first page (the router's page data). */
export const creditSummaryQuery = queryOptions({
  queryKey: creditSummaryQueryKey,
  queryFn: ({ signal }) => api.get('/credits/summary', { schema: creditSummarySchema, signal }),
  staleTime: 30_000,
});

export function useCreditSummary() {
  return useQuery(creditSummaryQuery);
}
