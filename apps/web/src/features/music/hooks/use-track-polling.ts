import { useQueries, useQueryClient, type Query } from '@tanstack/react-query';
import { MUSIC_POLL_INTERVAL_MS, MUSIC_POLL_MAX_MS, type MusicTrack } from '@sound-studio/shared';
import { musicApi, musicQueryKeys } from '../api/music-api.ts';
import { applyTrackUpdate } from '../api/track-cache.ts';
import { isPendingTrack } from '../music-rules.ts';

/** A poll's result and when polling of that track began (kept with the query, so the 5-minute budget survives renders). */
interface PolledTrack {
  track: MusicTrack;
  pollingSince: number;
}

export type PollState = 'polling' | 'failed' | 'gaveUp';

function nextPollIn(query: Query<PolledTrack, Error, PolledTrack, readonly unknown[]>): number | false {
  const polled = query.state.data;
  if (query.state.status === 'error' || !polled || !isPendingTrack(polled.track)) return false;
  return Date.now() - polled.pollingSince < MUSIC_POLL_MAX_MS ? MUSIC_POLL_INTERVAL_MS : false;
}

/**
 * Section 4: every track still generating or processing is polled every 3 s until it completes or fails, for at most
 * 5 minutes, and not again after a failed poll. Results go into the track list; a finish refreshes the balance.
 * Returns how polling of each pending track stands.
 */
export function useTrackPolling(tracks: readonly MusicTrack[]): ReadonlyMap<string, PollState> {
  const queryClient = useQueryClient();
  const pending = tracks.filter(isPendingTrack);
  const results = useQueries({
    queries: pending.map((track) => ({
      queryKey: musicQueryKeys.track(track._id),
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<PolledTrack> => {
        const latest = await musicApi.track(track._id, signal);
        applyTrackUpdate(queryClient, latest);
        const since = queryClient.getQueryData<PolledTrack>(musicQueryKeys.track(track._id))?.pollingSince ?? Date.now();
        return { track: latest, pollingSince: since };
      },
      initialData: (): PolledTrack => ({ track, pollingSince: Date.now() }),
      // The list's copy is fresh: the first poll is one interval away.
      staleTime: MUSIC_POLL_INTERVAL_MS,
      refetchInterval: nextPollIn,
      refetchIntervalInBackground: true,
      refetchOnMount: false,
      retry: false,
    })),
  });
  const states = new Map<string, PollState>();
  pending.forEach((track, index) => {
    const result = results[index];
    const gaveUp = result?.data ? result.dataUpdatedAt - result.data.pollingSince >= MUSIC_POLL_MAX_MS : false;
    states.set(track._id, result?.isError ? 'failed' : gaveUp ? 'gaveUp' : 'polling');
  });
  return states;
}
