import { useEffect } from 'react';
import { musicApi, type EngageAction } from '../api/music-api.ts';

/** Views are counted once per featured track and page load, not on every refetch. */
const viewed = new Set<string>();

/** Section 7: engagement is fire-and-forget; a failure changes nothing for the listener. */
export function engage(itemId: string, action: EngageAction): void {
  musicApi.engage(itemId, action).catch(() => {});
}

export function useEngageViews(itemIds: readonly string[]): void {
  const key = itemIds.join(',');
  useEffect(() => {
    for (const id of key ? key.split(',') : []) {
      if (viewed.has(id)) continue;
      viewed.add(id);
      engage(id, 'view');
    }
  }, [key]);
}
