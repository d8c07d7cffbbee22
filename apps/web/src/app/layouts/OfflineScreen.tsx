import { useSyncExternalStore } from 'react';
import { RefreshCw, WifiOff } from 'lucide-react';
import { useTranslation } from '../../lib/translator.ts';
import { Button } from '../../components/ui/button.tsx';
import { Logo } from '../../components/ui/logo.tsx';

function subscribe(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}

/** Shown when the installed app opens without a connection and the session cannot be checked. */
export function OfflineScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-6 text-center" data-testid="offline-screen">
      <Logo />
      <div className="flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <WifiOff className="size-6" aria-hidden />
      </div>
      <div className="max-w-sm">
        <h1 className="text-xl font-semibold tracking-tight">{t('offline.title')}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('offline.description')}</p>
      </div>
      <Button onClick={onRetry}>
        <RefreshCw aria-hidden />
        {t('common.retry')}
      </Button>
    </main>
  );
}

/** A slim notice across the top while the browser reports no connection. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" className="flex items-center justify-center gap-2 bg-warning-soft px-4 py-1.5 text-xs font-medium text-warning">
      <WifiOff className="size-3.5" aria-hidden />
      {t('offline.banner')}
    </div>
  );
}
