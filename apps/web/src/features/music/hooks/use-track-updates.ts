import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MUSIC_TRACK_UPDATED_EVENT, musicTrackSchema, REALTIME_NAMESPACES } from '@sound-studio/shared';
import { getAccessToken } from '../../../lib/auth-storage.ts';
import { connectNamespace } from '../../../lib/socket.ts';
import { musicQueryKeys } from '../api/music-api.ts';
import { applyTrackUpdate } from '../api/track-cache.ts';

/**
 * A `music_track_updated` event on the user's socket updates the track at once; polling still runs as the spec says.
 * Each time the connection is made (after a drop too) the tracks are read again.
 */
export function useTrackUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!getAccessToken()) return;
    const socket = connectNamespace(REALTIME_NAMESPACES.user, () => ({ token: getAccessToken() ?? '' }));
    socket.on(MUSIC_TRACK_UPDATED_EVENT, (payload: unknown) => {
      const parsed = musicTrackSchema.safeParse(payload);
      if (parsed.success) applyTrackUpdate(queryClient, parsed.data);
    });
    // Progress sent before the connection was made, or while it was down, is lost: the tracks shown are read again.
    socket.onConnect(() => {
      void queryClient.invalidateQueries({ queryKey: musicQueryKeys.myMusic });
      void queryClient.invalidateQueries({ queryKey: musicQueryKeys.tracks });
    });
    return () => {
      socket.disconnect();
    };
  }, [queryClient]);
}
