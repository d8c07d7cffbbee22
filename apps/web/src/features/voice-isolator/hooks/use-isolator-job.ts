import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { creditSummaryQueryKey } from '../../credits/index.ts';
import { isolatorApi, isolatorQueryKeys } from '../api/isolator-api.ts';
import { ISOLATOR_POLL_MS, isJobFinished } from '../isolator-rules.ts';

/** One job, polled every 1.5 s until it completes or fails; the history and the balance refresh when it finishes. */
export function useIsolatorJob(id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: isolatorQueryKeys.job(id ?? ''),
    queryFn: ({ signal }) => isolatorApi.job(id ?? '', signal),
    enabled: id !== null,
    refetchInterval: (current) => (current.state.data && isJobFinished(current.state.data) ? false : ISOLATOR_POLL_MS),
  });
  const finished = query.data ? isJobFinished(query.data) : false;
  useEffect(() => {
    if (!finished) return;
    void queryClient.invalidateQueries({ queryKey: isolatorQueryKeys.history });
    void queryClient.invalidateQueries({ queryKey: creditSummaryQueryKey });
  }, [finished, queryClient]);
  return query;
}

export function useIsolatorHistory() {
  return useQuery({ queryKey: isolatorQueryKeys.history, queryFn: ({ signal }) => isolatorApi.history(signal) });
}
