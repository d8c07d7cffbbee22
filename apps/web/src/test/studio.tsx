import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { ToastProvider } from '../components/ui/toast.tsx';
import { PlayerProvider } from '../features/player/index.ts';
import { jsonReply, okReply, renderWithProviders, stubFetch } from './render.tsx';
import { makePreferences, TEST_VOICES } from './fixtures.ts';

type Routes = Parameters<typeof stubFetch>[0];

type QueryRoutes = Record<string, (query: URLSearchParams) => Response>;

/**
 * Renders inside the shell's providers (player, toasts) with the voice list and preferences answered by default.
 * `queryRoutes` answer "METHOD /path" whatever the query string ('GET /tts/history').
 */
export function renderInStudio(
  ui: ReactElement,
  {
    path = '/',
    routes = {} as Routes,
    queryRoutes = {},
    auth,
  }: { path?: string; routes?: Routes; queryRoutes?: QueryRoutes; auth?: Parameters<typeof renderWithProviders>[1] extends infer O ? (O extends { auth?: infer A } ? A : never) : never } = {},
) {
  const audio = new Audio();
  const stub = stubFetch({
    // Section 7's shape: the voices beside success, no data.
    'GET /voices/list-grouped': () => jsonReply({ success: true, voices: TEST_VOICES }),
    'GET /preferences': () => okReply({ preferences: makePreferences() }),
    ...routes,
  });
  const routed = stub.fetchMock.getMockImplementation();
  stub.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = queryRoutes[`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname.replace(/^\/api/, '')}`];
    if (handler && url.search) return handler(url.searchParams);
    return routed!(input, init);
  });
  const rendered = renderWithProviders(
    <ToastProvider>
      <PlayerProvider audioElement={audio}>{ui}</PlayerProvider>
    </ToastProvider>,
    { path, ...(auth ? { auth } : {}) },
  );
  return { ...rendered, ...stub, audio };
}

/** Lets pending promises and timers of a debounce run under fake timers. */
export async function flushTimers(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}
