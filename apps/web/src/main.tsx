import { disableSchemaJit } from '@sound-studio/shared';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/App.tsx';
import { keepPrerenderedPage, releasePrerenderedFrame } from './app/prerendered-page.ts';
import { preloadSignedInPage } from './app/router.tsx';
import { preloadLoginPage, startSessionRestore } from './features/auth/index.ts';
import { linkManifestAfterFirstPage, registerServiceWorkerAfterFirstPage, startInstallPromptCapture } from './features/install/index.ts';
import { readStoredAuth } from './lib/auth-storage.ts';
import { initI18n } from './lib/i18n.ts';
import { nextTask } from './lib/idle.ts';
import { browserLanguageSignals, resolveLanguage } from './lib/language.ts';

/** How long the studio frame drawn at build time may stay over an app that has not drawn its page. */
const FRAME_HOLD_LIMIT_MS = 15_000;

// Our content policy has no 'unsafe-eval'; this runs before any zod schema exists (none is on the first page).
disableSchemaJit();
const container = document.getElementById('root');
if (!container) throw new Error('missing #root');
const language = resolveLanguage(browserLanguageSignals(window.location.pathname));
const prerendered = keepPrerenderedPage(container, language);
// The texts first, alone: the browser opens few connections to one server, and every first paint needs them.
const texts = initI18n(language);
// The sign-in form is a chunk of its own; on /login fetch it alongside the texts rather than after them.
const loginPage = /^\/(?:tr\/)?login\/?$/.test(window.location.pathname) ? preloadLoginPage() : null;
await texts;
// The steps below each take a task of their own: run together they made one long task (about 45 ms on a 2-core
// machine, four times that on Lighthouse's phone) while the studio frame was on screen.
await nextTask();
// With a stored session, the session check, the studio's frame and the page's chunks load together, while the app
// draws its first frame, rather than one after another.
if (!loginPage && readStoredAuth()) {
  startSessionRestore();
  await nextTask();
  preloadSignedInPage(window.location.pathname);
  await nextTask();
}
// A page drawn at build time stays on screen until the app can draw the same form at once, with no spinner between.
if (prerendered === 'form') await loginPage?.catch(() => undefined);
// The studio frame stays over the app until the app has drawn its page; should that never happen (a chunk that does
// not load), it goes after a while and the app's own state shows.
if (prerendered === 'frame') setTimeout(releasePrerenderedFrame, FRAME_HOLD_LIMIT_MS);
startInstallPromptCapture();
linkManifestAfterFirstPage();
registerServiceWorkerAfterFirstPage();
await nextTask();

const root = createRoot(container);
// In slices (a transition), so a large first page does not hold the browser in one long task.
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
