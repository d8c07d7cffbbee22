import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { markFirstPageDrawn } from '../lib/first-page.ts';
import { loadStudioTexts } from '../lib/i18n.ts';
import { stripLanguagePrefix } from '../lib/language.ts';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { ForgotPasswordPage, LinkAccountPage, LoginPage, RegisterPage, ResetPasswordPage, SocialSignInPage } from '../features/auth/index.ts';
import { ProtectedRoute } from './guards/ProtectedRoute.tsx';
import { PublicOnlyRoute } from './guards/PublicOnlyRoute.tsx';
import { AuthLayout } from './layouts/AuthLayout.tsx';
import { NotFoundPage } from './layouts/NotFoundPage.tsx';
import { RootLayout } from './layouts/RootLayout.tsx';
import { withPageData } from './page-data.ts';

/** A page chunk that needs the studio's texts: both load together, so the page never shows keys. */
function withStudioTexts<Module>(load: () => Promise<Module>): () => Promise<Module> {
  return () => Promise.all([load(), loadStudioTexts()]).then(([module]) => module);
}

/**
 * A page that reads server data comes inside TanStack Query's provider, which loads alongside it: the signed-out pages
 * do without it, so /login never downloads it.
 */
function withQueries(load: () => Promise<{ default: ComponentType }>): () => Promise<{ default: ComponentType }> {
  return () =>
    Promise.all([load(), import('./query-layer.tsx')]).then(([{ default: Page }, { QueryLayer }]) => ({
      default: function PageWithQueries() {
        return (
          <QueryLayer>
            <Page />
          </QueryLayer>
        );
      },
    }));
}

/** The signed-in frame is its own chunk: a visitor of /login never downloads it. */
const loadAppShell = withQueries(
  withStudioTexts(
    withPageData({ load: () => import('./shell/shell-data.ts'), prefetch: (data, client) => data.prefetchShellData(client) }, () => import('./shell/AppShell.tsx')),
  ),
);
const AppShell = lazy(loadAppShell);

/** Home composes several features, so it lives in the app layer; like each feature's pages, it loads on first visit. */
const loadHomePage = () => import('./home/HomePage.tsx').then((page) => ({ default: page.HomePage }));
/** Each feature's pages load with the feature, on first visit. */
const loadTextToSpeechPage = withPageData(
  { load: () => import('../features/text-to-speech/public.ts'), prefetch: (data, client) => data.prefetchTextToSpeechPage(client) },
  () => import('../features/text-to-speech/index.ts').then((feature) => ({ default: feature.TextToSpeechPage })),
);
const loadMusicPage = () => import('../features/music/index.ts').then((feature) => ({ default: feature.MusicPage }));
const loadVoiceDesignPage = () => import('../features/voice-design/index.ts').then((feature) => ({ default: feature.VoiceDesignPage }));
const loadVoiceClonePage = () => import('../features/voice-clone/index.ts').then((feature) => ({ default: feature.VoiceClonePage }));
const loadVoiceIsolatorPage = () => import('../features/voice-isolator/index.ts').then((feature) => ({ default: feature.VoiceIsolatorPage }));
const loadVoiceLibraryPage = () => import('../features/voice-library/index.ts').then((feature) => ({ default: feature.VoiceLibraryPage }));
const loadSettingsPage = () => import('../features/settings/index.ts').then((feature) => ({ default: feature.SettingsPage }));
const loadPricingPage = () => import('../features/pricing/public.ts').then((feature) => ({ default: feature.PricingPage }));
const loadApiAccessPage = () => import('../features/api-access/index.ts').then((feature) => ({ default: feature.ApiAccessPage }));
const HomePage = lazy(loadHomePage);
const TextToSpeechPage = lazy(loadTextToSpeechPage);
const MusicPage = lazy(loadMusicPage);
const VoiceDesignPage = lazy(loadVoiceDesignPage);
const VoiceClonePage = lazy(loadVoiceClonePage);
const VoiceIsolatorPage = lazy(loadVoiceIsolatorPage);
const VoiceLibraryPage = lazy(loadVoiceLibraryPage);
const SettingsPage = lazy(loadSettingsPage);
const PricingPage = lazy(loadPricingPage);
/** A shared track's public page: no shell, no sign-in. */
/** Where a social sign-in that needs the account's password lands: it reads the pending link with TanStack Query. */
const LinkAccountPageWithQueries = lazy(withQueries(() => Promise.resolve({ default: LinkAccountPage })));
const MusicSharePage = lazy(withQueries(withStudioTexts(() => import('../features/music/public.ts').then((feature) => ({ default: feature.SharePage })))));
const ApiAccessPage = lazy(loadApiAccessPage);

/** The signed-in pages by their first path segment (after any /tr). */
const SHELL_PAGE_LOADERS: Record<string, () => Promise<unknown>> = {
  '': loadHomePage,
  'text-to-speech': loadTextToSpeechPage,
  music: loadMusicPage,
  'voice-design': loadVoiceDesignPage,
  'voice-clone': loadVoiceClonePage,
  'voice-isolator': loadVoiceIsolatorPage,
  'voice-library': loadVoiceLibraryPage,
  settings: loadSettingsPage,
  pricing: loadPricingPage,
  api: loadApiAccessPage,
};

/**
 * For a visitor with a stored session: starts the signed-in frame and the page's chunks at boot, beside the session
 * check, instead of each after the one before (session, then frame, then page). The lazy pages find them loaded.
 */
export function preloadSignedInPage(pathname: string): void {
  const load = SHELL_PAGE_LOADERS[stripLanguagePrefix(pathname).split('/')[1] ?? ''];
  if (!load) return;
  loadAppShell().catch(() => undefined);
  load().catch(() => undefined);
}

function Shell() {
  return (
    <ProtectedRoute>
      <Suspense fallback={<PageSpinner />}>
        <AppShell />
      </Suspense>
    </ProtectedRoute>
  );
}

/** Inside a page's Suspense boundary, beside the page: its effect runs once the page's content has committed. */
function PageDrawn() {
  useEffect(markFirstPageDrawn, []);
  return null;
}

function LazyPage({ page: Page }: { page: ComponentType }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
      <PageDrawn />
    </Suspense>
  );
}

/** Section 2's localized pages: each exists at /x and at /tr/x (home is /tr). */
const localizedShellPages: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'text-to-speech', element: <TextToSpeechPage /> },
  { path: 'music', element: <MusicPage /> },
  { path: 'voice-design', element: <VoiceDesignPage /> },
  { path: 'voice-clone', element: <VoiceClonePage /> },
  { path: 'voice-isolator', element: <VoiceIsolatorPage /> },
  { path: 'voice-library', element: <VoiceLibraryPage /> },
  { path: 'settings', element: <SettingsPage /> },
  // Where the payment provider sends the user back (?checkout=success|cancel): Settings, at its billing section.
  { path: 'settings/billing', element: <SettingsPage /> },
  { path: 'pricing', element: <PricingPage /> },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // The optional static segment gives one route tree for both languages, so switching keeps the page mounted.
        path: 'tr?',
        element: <PublicOnlyRoute />,
        children: [
          {
            element: <AuthLayout />,
            children: [
              { path: 'login', element: <LazyPage page={LoginPage} /> },
              { path: 'register', element: <LazyPage page={RegisterPage} /> },
              { path: 'forgot-password', element: <LazyPage page={ForgotPasswordPage} /> },
              { path: 'login/social', element: <LazyPage page={SocialSignInPage} /> },
              { path: 'login/link-account', element: <LazyPage page={LinkAccountPageWithQueries} /> },
            ],
          },
        ],
      },
      {
        // Outside the signed-out-only guard: an emailed link must open even in a browser that is still signed in.
        path: 'tr?',
        element: <AuthLayout />,
        children: [{ path: 'reset-password', element: <LazyPage page={ResetPasswordPage} /> }],
      },
      {
        element: <Shell />,
        children: [
          { path: 'tr?', children: localizedShellPages },
          // The API access page keeps one address in every language.
          { path: 'api', element: <ApiAccessPage /> },
        ],
      },
      { path: 'tr?/share/music/:id', element: <LazyPage page={MusicSharePage} /> },
      { path: 'tr/api', element: <Navigate to="/api" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The route tree rendered in declarative mode (inside App's <BrowserRouter>): the app uses no loaders or other data-router
 * APIs, and the data router would add about 17 KB (gzip) to the first page.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
