import { useSyncExternalStore } from 'react';

/** Chromium's install event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  deferredPrompt: BeforeInstallPromptEvent | null;
  installed: boolean;
}

let state: InstallState = { deferredPrompt: null, installed: false };
const listeners = new Set<() => void>();

function setState(next: Partial<InstallState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

let standalone: boolean | undefined;

/**
 * Whether the app runs installed. Asked once: a media query can make the browser bring the whole page's style up to
 * date, and every header render asks (the display mode does not change while a page is open).
 */
function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  standalone ??= iosStandalone || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches);
  return standalone;
}

/**
 * Starts listening at boot: the browser offers installation once, early, possibly before the header is on screen,
 * so the offer is kept here until the install button asks for it.
 */
export function startInstallPromptCapture(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    setState({ deferredPrompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => setState({ deferredPrompt: null, installed: true }));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether to show the install button, and the action that opens the browser's install dialog. */
export function useInstallPrompt() {
  // On the server (a page drawn at build time) nothing has been offered yet: the same initial state.
  const snapshot = useSyncExternalStore(subscribe, () => state, () => state);
  const canInstall = snapshot.deferredPrompt !== null && !snapshot.installed && !isStandalone();
  const install = async () => {
    const prompt = snapshot.deferredPrompt;
    if (!prompt) return;
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    // The offer can be used only once either way.
    setState({ deferredPrompt: null, installed: outcome === 'accepted' });
  };
  return { canInstall, install };
}
