import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TtsJob } from '@sound-studio/shared';
import { creditSummaryQueryKey } from '../../credits/index.ts';
import { ttsApi, ttsQueryKeys } from '../api/tts-api.ts';

const POLL_INTERVAL_MS = 1500;

function finished(job: TtsJob | undefined): boolean {
  return job?.status === 'completed' || job?.status === 'failed';
}

/** Polls a long-form job every 1.5 s until it completes or fails; then refreshes history and credits once. */
export function useTtsJob(initial: TtsJob | null, onCompleted: (job: TtsJob) => void) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ttsQueryKeys.job(initial?.id ?? 'none'),
    queryFn: ({ signal }) => ttsApi.job(initial?.id ?? '', signal),
    enabled: Boolean(initial) && !finished(initial ?? undefined),
    initialData: initial ?? undefined,
    refetchInterval: (current) => (finished(current.state.data) ? false : POLL_INTERVAL_MS),
    staleTime: 0,
  });
  const job = query.data ?? initial;
  const reported = useRef<string | null>(null);
  const onCompletedRef = useRef(onCompleted);
  useEffect(() => {
    onCompletedRef.current = onCompleted;
  });
  useEffect(() => {
    if (!job || !finished(job) || reported.current === job.id) return;
    reported.current = job.id;
    void queryClient.invalidateQueries({ queryKey: ttsQueryKeys.history });
    void queryClient.invalidateQueries({ queryKey: creditSummaryQueryKey });
    if (job.status === 'completed') onCompletedRef.current(job);
  }, [job, queryClient]);
  return { job, pollFailed: query.isError };
}
