import { X } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { setPreferenceError, usePreferenceError, type PreferenceFailureReason } from '../preference-errors.ts';

const ACTION_KEYS = {
  select: 'voices.errors.select',
  favorite: 'voices.errors.favorite',
  settings: 'voices.errors.settings',
  preferences: 'voices.errors.preferences',
} as const;

function useReasonText(): (reason: PreferenceFailureReason) => string | null {
  const { t } = useTranslation();
  return (reason) => {
    switch (reason.kind) {
      case 'network':
        return t('voices.errors.network');
      case 'http':
        return t('voices.errors.http', { status: reason.status });
      case 'server':
        return reason.message;
      case 'unknown':
        return null;
    }
  };
}

/** Section 8's preference failure state: what failed ("Failed to select voice") and why ("Network error"). */
export function PreferenceErrorAlert({ className }: { className?: string }) {
  const { t } = useTranslation();
  const error = usePreferenceError();
  const reasonText = useReasonText();
  if (!error) return null;
  const reason = reasonText(error.reason);
  return (
    <Alert tone="error" className={className}>
      <div className="flex items-start gap-2">
        <p className="flex-1" data-testid="preference-error">
          {t(ACTION_KEYS[error.action])}
          {reason && <span className="font-normal">: {reason}</span>}
        </p>
        <button type="button" onClick={() => setPreferenceError(null)} aria-label={t('common.dismiss')} className="-m-1 rounded-md p-1 hover:bg-destructive/10 focus-visible:outline-2 focus-visible:outline-ring">
          <X className="size-3.5" aria-hidden />
        </button>
      </div>
    </Alert>
  );
}
