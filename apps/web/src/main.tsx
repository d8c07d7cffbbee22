import { disableSchemaJit } from '@sound-studio/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/App.tsx';
import { preloadLoginPage } from './features/auth/index.ts';
import { startInstallPromptCapture } from './features/install/index.ts';
import { initI18n } from './lib/i18n.ts';

// Our content policy has no 'unsafe-eval'; this runs before any zod schema exists (none is on the first page).
disableSchemaJit();
// The sign-in form is a chunk of its own; on /login fetch it alongside the texts rather than after them.
if (/^\/(?:tr\/)?login\/?$/.test(window.location.pathname)) preloadLoginPage();
await initI18n();
startInstallPromptCapture();

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
