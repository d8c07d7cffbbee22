import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { creditSummaryQueryKey } from '../../credits/index.ts';
import { refreshCustomVoices } from '../../voices/index.ts';
import { voiceCloneApi, voiceCloneQueryKeys } from '../api/voice-clone-api.ts';
import { CLONE_POLL_MS, isCloneJobFinished } from '../clone-rules.ts';

/** One clone job, polled every 1.5 s until it completes or fails; then the balance and My Voices refresh. */
export function useCloneJob(id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: voiceCloneQueryKeys.job(id ?? ''),
    queryFn: ({ signal }) => voiceCloneApi.job(id ?? '', signal),
    enabled: id !== null,
    refetchInterval: (current) => (current.state.data && isCloneJobFinished(current.state.data) ? false : CLONE_POLL_MS),
  });
  const job = query.data;
  const finished = job ? isCloneJobFinished(job) : false;
  const result = job?.result ?? null;
  useEffect(() => {
    if (!finished) return;
    void queryClient.invalidateQueries({ queryKey: creditSummaryQueryKey });
    void refreshCustomVoices(queryClient, result ?? undefined);
  }, [finished, result, queryClient]);
  return query;
}
