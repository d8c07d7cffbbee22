import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api/index.ts';
import { registerQueryCache } from '../lib/query-cache.ts';

/** Client mistakes (4xx) are not retried; one retry for network trouble and server errors. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}

let appQueryClient: QueryClient | null = null;

/** The one cache of the app's pages (the studio and the public pages that read the server share it). */
export function sharedQueryClient(): QueryClient {
  if (!appQueryClient) {
    const client = createQueryClient();
    registerQueryCache(() => client.clear());
    appQueryClient = client;
  }
  return appQueryClient;
}
