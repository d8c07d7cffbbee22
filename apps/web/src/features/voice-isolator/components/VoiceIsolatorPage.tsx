import { Mic, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UPLOAD_LIMITS } from '@sound-studio/shared';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ActionTile, ComingSoonNote } from '../../../components/ui/studio.tsx';

export function VoiceIsolatorPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={t('nav.voiceIsolator')} description={t('voiceIsolator.description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <ActionTile
          icon={Upload}
          title={t('voiceIsolator.upload')}
          description={t('voiceIsolator.uploadHint', { megabytes: UPLOAD_LIMITS.isolatorFileBytes / 1024 / 1024, minutes: UPLOAD_LIMITS.isolatorMaxSeconds / 60 })}
        />
        <ActionTile icon={Mic} title={t('voiceIsolator.record')} description={t('voiceIsolator.recordHint')} />
      </div>
      <ComingSoonNote>{t('voiceIsolator.soon')}</ComingSoonNote>
    </div>
  );
}
