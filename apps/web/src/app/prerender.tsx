import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { Route, Routes, StaticRouter } from 'react-router';
import type { Language } from '@sound-studio/shared';
import { Suspense } from 'react';
import { FrameAuthProvider, LoginPage, SignedOutAuthProvider } from '../features/auth/index.ts';
import { TextToSpeechPage } from '../features/text-to-speech/index.ts';
import { StaticThemeProvider } from '../features/theme/index.ts';
import { loadLanguage, loadStudioTexts } from '../lib/i18n.ts';
import { translations } from '../lib/translator.ts';
import { AuthLayout } from './layouts/AuthLayout.tsx';
import { QueryLayer } from './query-layer.tsx';
import AppShell from './shell/AppShell.tsx';

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

/**
 * The studio's text-to-speech page drawn at build time (`scripts/prerender.ts`), for a signed-in visitor's first paint
 * before any JavaScript has run: the shell and the page as the app draws them while the visitor's data loads (no
 * name, balance or voice: nothing here is anybody's). The app draws the same frame over it and then removes it
 * (`prerendered-page.ts`). Drawn synchronously: nothing on the page loads on demand, and a fallback left in the
 * output (a part that suspended) fails the build rather than ship a half-drawn frame.
 */
export async function renderTextToSpeechFrame(language: Language): Promise<{ html: string; title: string }> {
  await loadLanguage(language);
  // The studio's texts load for the current language: set it first.
  translations.setLanguage(language);
  await loadStudioTexts();
  const path = language === 'tr' ? '/tr/text-to-speech' : '/text-to-speech';
  // Node has no audio element; the player creates one as it mounts and never plays in a page drawn here.
  (globalThis as { Audio?: unknown }).Audio ??= class {};
  const html = renderToString(
    <StaticThemeProvider>
      <FrameAuthProvider>
        <StaticRouter location={path}>
          <QueryLayer>
            <Routes>
              <Route path="tr?" element={<AppShell />}>
                <Route path="text-to-speech" element={<TextToSpeechPage />} />
              </Route>
            </Routes>
          </QueryLayer>
        </StaticRouter>
      </FrameAuthProvider>
    </StaticThemeProvider>,
  );
  if (/<!--\$[!?]-->/.test(html)) throw new Error('prerender: part of the text-to-speech frame suspended or failed; it would be drawn incomplete');
  const untranslated = /[>"]((?:[a-z][A-Za-z]*\.)+[a-z][A-Za-z]*)[<"]/.exec(html.replaceAll(/ (?:class|href|src|d|id|data-testid)="[^"]*"/g, ''));
  if (untranslated) throw new Error(`prerender: the text-to-speech frame shows the text key ${untranslated[1]} (its texts were not loaded)`);
  // One element to hold (the shell and its toast region are siblings).
  return { html: `<div>${html}</div>`, title: translations.t('app.name') };
}
