import { useQuery } from '@tanstack/react-query';
import { creditSummarySchema } from '@sound-studio/shared';
import { api } from '../../../lib/api/index.ts';

export const creditSummaryQueryKey = ['credits', 'summary'] as const;

export function useCreditSummary() {
  return useQuery({
    queryKey: creditSummaryQueryKey,
    queryFn: ({ signal }) => api.get('/credits/summary', { schema: creditSummarySchema, signal }),
    staleTime: 30_000,
  });
}
