import { useTranslation } from '../../../lib/translator.ts';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';

/** Section 4's 25-minute question: accepting extends the session, declining ends it. */
export function SessionWarningDialog({ open, onContinue, onEnd }: { open: boolean; onContinue: () => void; onEnd: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      testId="session-warning"
      title={t('session.warningTitle')}
      description={t('session.warningMessage')}
      confirmLabel={t('session.continue')}
      cancelLabel={t('session.endSession')}
      onConfirm={onContinue}
      onCancel={onEnd}
    />
  );
}
