import { useTranslation } from '../../../lib/translator.ts';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import type { GenerationFailure } from '../hooks/use-generate-speech.ts';

/** Section 8's text-to-speech alert (the server's error or 'Speech generation failed'), as the app's own dialog. */
export function GenerationFailureDialog({ failure, onClose }: { failure: GenerationFailure | null; onClose: () => void }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const message = !failure ? '' : failure.kind === 'validation' ? t('validation.ttsTextAndVoiceRequired') : failure.message ? translate(failure.message) : t('tts.errors.failed');
  return (
    <ConfirmDialog
      open={failure !== null}
      title={t('tts.errors.title')}
      description={message}
      confirmLabel={t('common.ok')}
      onConfirm={onClose}
      testId="generation-failure"
    />
  );
}
