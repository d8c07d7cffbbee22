import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/App.tsx';
import { startInstallPromptCapture } from './features/install/index.ts';
import { initI18n } from './lib/i18n.ts';

await initI18n();
startInstallPromptCapture();

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
