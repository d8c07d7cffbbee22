import { useState } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { VoiceCloneJob } from '@sound-studio/shared';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { CustomVoiceResult, VoiceSlotsMeter } from '../../voices/index.ts';
import { voiceCloneQueryKeys } from '../api/voice-clone-api.ts';
import { useCloneJob } from '../hooks/use-clone-job.ts';
import { CloneForm } from './CloneForm.tsx';
import { CloneJobCard } from './CloneJobCard.tsx';
import { CloneMatchNote } from './CloneMatchNote.tsx';

/**
 * Samples in, a clone job with its progress, then a voice in My Voices with an honest word on how close it is. The
 * form stays filled in (hidden while the job runs), so a failed clone can be sent again as it was.
 */
export function VoiceClonePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const { data: job } = useCloneJob(jobId);
  const result = job?.status === 'completed' ? job.result : null;
  const showForm = jobId === null || job?.status === 'failed' || (job?.status === 'completed' && !result);

  const follow = (created: VoiceCloneJob) => {
    queryClient.setQueryData(voiceCloneQueryKeys.job(created.id), created);
    setJobId(created.id);
  };
  const startOver = () => {
    setJobId(null);
    setFormKey((key) => key + 1);
  };

  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={t('nav.voiceClone')} description={t('voiceClone.description')} actions={<VoiceSlotsMeter />} />
      {job && !result && <CloneJobCard job={job} />}
      {result && (
        <div className="flex flex-col gap-4">
          <CustomVoiceResult voice={result.voice}>{result.match && <CloneMatchNote match={result.match} />}</CustomVoiceResult>
          <Button variant="outline" className="self-start" onClick={startOver}>
            {t('voiceClone.another')}
          </Button>
        </div>
      )}
      <div hidden={!showForm}>
        <CloneForm key={formKey} onCreated={follow} />
      </div>
    </div>
  );
}
