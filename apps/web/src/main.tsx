import { disableSchemaJit } from '@sound-studio/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/App.tsx';
import { keepPrerenderedPage } from './app/prerendered-page.ts';
import { preloadLoginPage } from './features/auth/index.ts';
import { startInstallPromptCapture } from './features/install/index.ts';
import { initI18n } from './lib/i18n.ts';
import { notePrerenderedFocus } from './lib/prerendered-input.ts';
import { browserLanguageSignals, resolveLanguage } from './lib/language.ts';

// Our content policy has no 'unsafe-eval'; this runs before any zod schema exists (none is on the first page).
disableSchemaJit();
const container = document.getElementById('root');
if (!container) throw new Error('missing #root');
// The sign-in form is a chunk of its own; on /login fetch it alongside the texts rather than after them.
const loginPage = /^\/(?:tr\/)?login\/?$/.test(window.location.pathname) ? preloadLoginPage() : null;
const language = resolveLanguage(browserLanguageSignals(window.location.pathname));
const prerendered = keepPrerenderedPage(container, language);
await initI18n(language);
// A page drawn at build time stays on screen until the app can draw the same form at once, with no spinner between.
if (prerendered) await loginPage?.catch(() => undefined);
startInstallPromptCapture();

notePrerenderedFocus();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
