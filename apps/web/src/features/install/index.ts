export { InstallButton } from './components/InstallButton.tsx';
export { startInstallPromptCapture, useInstallPrompt } from './hooks/use-install-prompt.ts';
export { linkManifestAfterFirstPage } from './manifest-link.ts';
export { registerServiceWorkerAfterFirstPage } from './service-worker.ts';
