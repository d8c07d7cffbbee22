import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomVoiceReply } from '@sound-studio/shared';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { CustomVoiceResult, VoiceSlotsMeter } from '../../voices/index.ts';
import { CloneForm } from './CloneForm.tsx';
import { CloneMatchNote } from './CloneMatchNote.tsx';

/** Samples in, a voice in My Voices out, with an honest word on how close it is. */
export function VoiceClonePage() {
  const { t } = useTranslation();
  const [created, setCreated] = useState<CustomVoiceReply | null>(null);
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={t('nav.voiceClone')} description={t('voiceClone.description')} actions={<VoiceSlotsMeter />} />
      {created ? (
        <div className="flex flex-col gap-4">
          <CustomVoiceResult voice={created.voice}>{created.match && <CloneMatchNote match={created.match} />}</CustomVoiceResult>
          <Button variant="outline" className="self-start" onClick={() => setCreated(null)}>
            {t('voiceClone.another')}
          </Button>
        </div>
      ) : (
        <CloneForm onCreated={setCreated} />
      )}
    </div>
  );
}
