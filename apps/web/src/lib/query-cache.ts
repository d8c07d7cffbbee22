/**
 * The link between the session and the server-data cache, which loads with the studio (TanStack Query stays off the
 * signed-out pages): the cache registers how to empty itself, and a session that ends calls it. Before the studio has
 * loaded there is nothing cached, and nothing to clear.
 */
let clearCache: (() => void) | null = null;

export function registerQueryCache(clear: () => void): void {
  clearCache = clear;
}

/** Forgets every cached server reply: the next user of this tab must not see the last one's data. */
export function clearQueryCache(): void {
  clearCache?.();
}
