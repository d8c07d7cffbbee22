import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getAccessToken } from '../../../lib/auth-storage.ts';
import { musicApi, musicQueryKeys, type FeaturedFilter } from './music-api.ts';

export const MY_MUSIC_PAGE_SIZE = 20;

export function useMusicModels() {
  return useQuery({ queryKey: musicQueryKeys.models, queryFn: ({ signal }) => musicApi.models(signal), staleTime: 5 * 60_000 });
}

/** The user's tracks, newest first, 20 at a time. */
export function useMyMusic() {
  return useInfiniteQuery({
    queryKey: musicQueryKeys.myMusic,
    queryFn: ({ pageParam, signal }) => musicApi.myMusic(pageParam, MY_MUSIC_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });
}

/** Section 7: the cost of a duration and the balance, asked on every duration change while signed in. */
export function useMusicCost(duration: number) {
  return useQuery({
    queryKey: musicQueryKeys.cost(duration),
    queryFn: ({ signal }) => musicApi.cost(duration, signal),
    enabled: Boolean(getAccessToken()),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useFeaturedCategories() {
  return useQuery({ queryKey: musicQueryKeys.categories, queryFn: ({ signal }) => musicApi.categories(signal), staleTime: 5 * 60_000 });
}

/** Featured tracks of a category; 'show more' keeps the cards shown while the longer list loads. */
export function useFeaturedMusic(filter: FeaturedFilter) {
  return useQuery({
    queryKey: [...musicQueryKeys.featured, filter],
    queryFn: ({ signal }) => musicApi.featured(filter, signal),
    placeholderData: (previous, previousQuery) => {
      const previousFilter = previousQuery?.queryKey[2] as FeaturedFilter | undefined;
      const sameList = previousFilter?.category === filter.category && previousFilter?.subcategory === filter.subcategory;
      return sameList ? previous : undefined;
    },
  });
}

/** Home's 'Discover music': a failed call shows the empty state (section 7). */
export function useDiscoverMusic(filter: FeaturedFilter) {
  return useQuery({
    queryKey: [...musicQueryKeys.discover, filter],
    queryFn: async ({ signal }) => {
      try {
        return await musicApi.discover(filter, signal);
      } catch {
        return [];
      }
    },
  });
}

export function usePublicTrack(trackId: string) {
  return useQuery({ queryKey: musicQueryKeys.publicTrack(trackId), queryFn: ({ signal }) => musicApi.publicTrack(trackId, signal), retry: false });
}
