import { useCallback, useSyncExternalStore } from 'react';
import { readItem, writeItem } from '../../../lib/storage.ts';

/** Section 2: likes are local only, kept in the browser under a product-prefixed key. */
export const LIKES_STORAGE_KEY = 'soundstudio_player_likes';

const listeners = new Set<() => void>();
let cache: { raw: string | null; names: readonly string[] } = { raw: null, names: [] };

function readLikes(): readonly string[] {
  const raw = readItem('local', LIKES_STORAGE_KEY);
  if (raw === cache.raw) return cache.names;
  let names: string[];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    names = Array.isArray(parsed) ? parsed.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    names = [];
  }
  cache = { raw, names };
  return names;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Liked item names and a toggle; every player bar and list sees the same set. */
export function useLikedItems() {
  const likes = useSyncExternalStore(subscribe, readLikes, () => cache.names);
  const toggleLike = useCallback((name: string) => {
    const current = readLikes();
    const next = current.includes(name) ? current.filter((liked) => liked !== name) : [...current, name];
    writeItem('local', LIKES_STORAGE_KEY, JSON.stringify(next));
    for (const listener of listeners) listener();
  }, []);
  return { likes, isLiked: (name: string) => likes.includes(name), toggleLike };
}
