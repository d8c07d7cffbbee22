import { Download } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useInstallPrompt } from '../hooks/use-install-prompt.ts';

/** Shown only while the browser offers installation; hidden when standalone or once installed. */
export function InstallButton({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const { canInstall, install } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <Button variant="outline" size={showLabel ? 'sm' : 'icon'} onClick={() => void install()} aria-label={t('install.button')} data-testid="install-app">
      <Download aria-hidden />
      {showLabel && t('install.button')}
    </Button>
  );
}
