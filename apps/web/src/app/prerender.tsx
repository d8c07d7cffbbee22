import { prerenderToNodeStream } from 'react-dom/static';
import { Route, Routes, StaticRouter } from 'react-router';
import type { Language } from '@sound-studio/shared';
import { Suspense } from 'react';
import { LoginPage, SignedOutAuthProvider } from '../features/auth/index.ts';
import { StaticThemeProvider } from '../features/theme/index.ts';
import { loadLanguage } from '../lib/i18n.ts';
import { translations } from '../lib/translator.ts';
import { AuthLayout } from './layouts/AuthLayout.tsx';

/**
 * The sign-in page drawn at build time (`scripts/prerender.ts`), for a visitor's first paint before any JavaScript has
 * run: the same layout and form components, signed out, in the system theme drawn light. The app replaces it once its
 * scripts run. Only this page: it is the one a new visitor lands on, and it shows nobody's data.
 */
export async function renderLoginPage(language: Language): Promise<{ html: string; title: string }> {
  await loadLanguage(language);
  translations.setLanguage(language);
  const path = language === 'tr' ? '/tr/login' : '/login';
  const { prelude } = await prerenderToNodeStream(
    <StaticThemeProvider>
      <SignedOutAuthProvider>
        <StaticRouter location={path}>
          <Routes>
            <Route path="tr?" element={<AuthLayout />}>
              <Route
                path="login"
                element={
                  <Suspense>
                    <LoginPage />
                  </Suspense>
                }
              />
            </Route>
          </Routes>
        </StaticRouter>
      </SignedOutAuthProvider>
    </StaticThemeProvider>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return { html: Buffer.concat(chunks).toString('utf8'), title: translations.t('app.name') };
}
