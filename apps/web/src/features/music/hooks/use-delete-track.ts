import { useMutation, useQueryClient } from '@tanstack/react-query';
import { musicApi } from '../api/music-api.ts';
import { removeTrack } from '../api/track-cache.ts';

export function useDeleteTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trackId: string) => musicApi.deleteTrack(trackId),
    onSuccess: (_reply, trackId) => removeTrack(queryClient, trackId),
  });
}
