import { useTranslation } from '../../../lib/translator.ts';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { useLocalizedPath } from '../../../lib/i18n.ts';
import { useVoiceSlots } from '../api/my-voices-api.ts';

/** 'No voice slots left' with the way out; `always` shows it after the server refused (409) even if the count lags. */
export function NoSlotsNotice({ always = false }: { always?: boolean }) {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const slots = useVoiceSlots();
  const full = slots !== null && slots.used >= slots.total;
  if (!always && !full) return null;
  return (
    <Alert tone="warning">
      <span data-testid="no-slots">{t('voiceLab.noSlots')}</span>{' '}
      <Link to={localized('/voice-library')} className="underline underline-offset-2">
        {t('voiceLab.manageVoices')}
      </Link>
      {' · '}
      <Link to={localized('/pricing')} className="underline underline-offset-2">
        {t('voiceLab.upgrade')}
      </Link>
    </Alert>
  );
}
