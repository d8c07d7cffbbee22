export { InstallButton } from './components/InstallButton.tsx';
export { startInstallPromptCapture, useInstallPrompt } from './components/install-prompt.ts';
