import { useState } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useIsolatorJob } from '../hooks/use-isolator-job.ts';
import { IsolatorHistory } from './IsolatorHistory.tsx';
import { IsolatorJobCard } from './IsolatorJobCard.tsx';
import { IsolatorUpload } from './IsolatorUpload.tsx';

/** Upload or record, follow the job, compare before and after, download; earlier isolations below. */
export function VoiceIsolatorPage() {
  const { t } = useTranslation();
  const [jobId, setJobId] = useState<string | null>(null);
  const { data: job } = useIsolatorJob(jobId);
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={t('nav.voiceIsolator')} description={t('voiceIsolator.description')} />
      <IsolatorUpload onJob={(created) => setJobId(created.id)} />
      {job && <IsolatorJobCard job={job} />}
      <IsolatorHistory openId={jobId} onOpen={setJobId} />
    </div>
  );
}
