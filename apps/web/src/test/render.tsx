import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { User } from '@sound-studio/shared';
import { AuthContext, type AuthContextValue } from '../features/auth/session/auth-context.ts';
import { ThemeProvider } from '../features/theme/index.ts';
import { addStudioTexts, changeLanguage, initI18n } from '../lib/i18n.ts';
import studioTexts from '../locales/en-studio.json';

export const testUser: User = { id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', credits: 1000, subscription: 'Free Plan' };

let i18nReady: Promise<unknown> | null = null;

/** The translations with both languages, in the language a test asks for. */
export async function setupI18n(language: 'en' | 'tr' = 'en') {
  i18nReady ??= initI18n('en').then(() => addStudioTexts(studioTexts));
  await i18nReady;
  await changeLanguage(language);
}

export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    status: 'authenticated',
    user: testUser,
    endReason: null,
    signIn: vi.fn(),
    logout: vi.fn(async () => {}),
    updateUser: vi.fn(),
    dismissEndNotice: vi.fn(),
    retry: vi.fn(),
    ...overrides,
  };
}

/** Renders a component inside the app's providers at a route, with a fake session. */
export function renderWithProviders(ui: ReactElement, { auth = fakeAuth(), path = '/' }: { auth?: AuthContextValue; path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthContext.Provider value={auth}>
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient, auth };
}

/** A fetch reply in the server's envelope. */
export function jsonReply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function okReply(data: unknown, status = 200): Response {
  return jsonReply({ success: true, data }, status);
}

export function errorReply(status: number, code: string, error: string, details?: Record<string, unknown>): Response {
  return jsonReply({ success: false, error, code, ...(details ? { details } : {}) }, status);
}

/**
 * A fetch stub routing by "METHOD /path" (path without /api). The CSRF endpoint answers by default.
 * Unknown requests fail loudly so a test never depends on an unplanned call.
 */
export function stubFetch(routes: Record<string, (request: { body: unknown; headers: Headers }) => Response | Promise<Response>>) {
  const calls: { method: string; path: string; headers: Headers; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api/, '');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, headers, body });
    const handler = routes[`${method} ${path}`];
    if (handler) return handler({ body, headers });
    if (method === 'GET' && path === '/auth/csrf-token') return okReply({ token: 'csrf-test-token', expiresAt: new Date(Date.now() + 3600_000).toISOString() });
    // The sign-in pages ask which social providers the server offers: none unless a test says otherwise.
    if (method === 'GET' && path === '/auth/oauth/providers') return okReply({ providers: [] });
    throw new Error(`unexpected request ${method} ${path}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
