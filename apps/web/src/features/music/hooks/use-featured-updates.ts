import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { REALTIME_EVENTS, REALTIME_NAMESPACES } from '@sound-studio/shared';
import { connectNamespace } from '../../../lib/socket.ts';
import { musicQueryKeys } from '../api/music-api.ts';

const FEATURED_EVENTS = [
  REALTIME_EVENTS.featuredMusicAdded,
  REALTIME_EVENTS.featuredMusicRemoved,
  REALTIME_EVENTS.featuredMusicUpdated,
  REALTIME_EVENTS.featuredArtworkUpdated,
] as const;

/** Section 4: any featured change on the public socket refetches the featured lists shown (home, featured tab). */
export function useFeaturedUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectNamespace(REALTIME_NAMESPACES.public);
    const refetch = () => {
      void queryClient.invalidateQueries({ queryKey: musicQueryKeys.featured });
      void queryClient.invalidateQueries({ queryKey: musicQueryKeys.discover });
      void queryClient.invalidateQueries({ queryKey: musicQueryKeys.categories });
    };
    for (const event of FEATURED_EVENTS) socket.on(event, refetch);
    socket.onConnect(refetch);
    return () => {
      socket.disconnect();
    };
  }, [queryClient]);
}
