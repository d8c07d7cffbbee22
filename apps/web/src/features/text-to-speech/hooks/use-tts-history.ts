import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HistoryRange } from '@sound-studio/shared';
import { ttsApi, ttsQueryKeys } from '../api/tts-api.ts';

const PAGE_SIZE = 20;

/** The history modal's list: search text and range chip, 20 at a time. */
export function useTtsHistory(search: string, range: HistoryRange, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...ttsQueryKeys.history, { search, range }],
    queryFn: ({ pageParam, signal }) => ttsApi.history({ q: search || undefined, range, page: pageParam, limit: PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    enabled,
  });
}

export function useDeleteGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ttsApi.deleteGeneration(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ttsQueryKeys.history }),
  });
}

export function useClearHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => ttsApi.clearHistory(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ttsQueryKeys.history }),
  });
}
