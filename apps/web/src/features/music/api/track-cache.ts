import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { MusicTrack, MyMusicReply } from '@sound-studio/shared';
import { creditSummaryQueryKey } from '../../credits/index.ts';
import { isPendingTrack } from '../music-rules.ts';
import { musicQueryKeys } from './music-api.ts';

export type MyMusicPages = InfiniteData<MyMusicReply, number>;

function mapPages(data: MyMusicPages, change: (items: MusicTrack[]) => MusicTrack[]): MyMusicPages {
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) };
}

export function findCachedTrack(queryClient: QueryClient, trackId: string): MusicTrack | undefined {
  const data = queryClient.getQueryData<MyMusicPages>(musicQueryKeys.myMusic);
  for (const page of data?.pages ?? []) {
    const found = page.items.find((track) => track._id === trackId);
    if (found) return found;
  }
  return undefined;
}

/** The balance changed (a hold, a charge, a release): the header's balance and the cost line's balance reload. */
export function refreshBalance(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: creditSummaryQueryKey });
  void queryClient.invalidateQueries({ queryKey: musicQueryKeys.costs });
}

/**
 * Writes a newer copy of a track (from polling or the '/user' socket) into the list. A track that just finished
 * refreshes the credit balance, once: a late duplicate finds it finished already.
 */
export function applyTrackUpdate(queryClient: QueryClient, track: MusicTrack): void {
  const previous = findCachedTrack(queryClient, track._id);
  if (!previous) return;
  queryClient.setQueryData<MyMusicPages>(musicQueryKeys.myMusic, (data) =>
    data ? mapPages(data, (items) => items.map((item) => (item._id === track._id ? track : item))) : data,
  );
  if (isPendingTrack(previous) && !isPendingTrack(track)) refreshBalance(queryClient);
}

/** A new track goes to the top of the list (section 4). */
export function prependTrack(queryClient: QueryClient, track: MusicTrack): void {
  queryClient.setQueryData<MyMusicPages>(musicQueryKeys.myMusic, (data) => {
    if (!data) return data;
    const [first, ...rest] = data.pages;
    if (!first) return data;
    const withoutDuplicate = first.items.filter((item) => item._id !== track._id);
    return { ...data, pages: [{ ...first, items: [track, ...withoutDuplicate], total: first.total + 1 }, ...rest] };
  });
}

export function removeTrack(queryClient: QueryClient, trackId: string): void {
  queryClient.setQueryData<MyMusicPages>(musicQueryKeys.myMusic, (data) => {
    if (!data) return data;
    const pages = mapPages(data, (items) => items.filter((item) => item._id !== trackId)).pages;
    return { ...data, pages: pages.map((page) => ({ ...page, total: Math.max(0, page.total - 1) })) };
  });
}
