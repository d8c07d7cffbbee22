import { useSyncExternalStore } from 'react';

/** Tailwind's breakpoints, as media queries. */
export const BREAKPOINTS = { sm: '(min-width: 40rem)', lg: '(min-width: 64rem)' } as const;

const lists = new Map<string, MediaQueryList>();

function mediaQueryList(query: string): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/**
 * Whether the media query matches now, following its changes. For parts a breakpoint hides with CSS that are not worth
 * drawing at all where hidden (the studio's sidebar on a phone): a page drawn at build time, with no window, draws them
 * and leaves the choice to its CSS.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaQueryList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaQueryList(query)?.matches ?? true,
    () => true,
  );
}
