import { useState } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { useQueryClient } from '@tanstack/react-query';
import { UPLOAD_LIMITS, type IsolatorJob } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { FileDropTile, RecordTile } from '../../../components/ui/upload-tiles.tsx';
import { measureMediaDuration } from '../../../lib/audio-duration.ts';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import { serverMessageOf } from '../../../lib/server-message.ts';
import { useCreditsRedirect } from '../../credits/index.ts';
import { creditSummaryQueryKey } from '../../credits/index.ts';
import { isolatorApi, isolatorQueryKeys } from '../api/isolator-api.ts';
import { ISOLATOR_ACCEPT, isolatorFileProblem } from '../isolator-rules.ts';

const MEGABYTES = UPLOAD_LIMITS.isolatorFileBytes / 1024 / 1024;
const MINUTES = UPLOAD_LIMITS.isolatorMaxSeconds / 60;

/** Upload or record; the file is checked here (type, size, length) before it travels, then becomes a job. */
export function IsolatorUpload({ onJob }: { onJob: (job: IsolatorJob) => void }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const queryClient = useQueryClient();
  const redirectForCredits = useCreditsRedirect();
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);

  const send = async (file: File) => {
    setError(null);
    const duration = await measureMediaDuration(file);
    const problem = isolatorFileProblem(file, duration);
    if (problem) return setError(t(`voiceIsolator.problems.${problem}`, { megabytes: MEGABYTES, minutes: MINUTES }));
    setUploading(file.name);
    try {
      const job = await isolatorApi.upload(file);
      queryClient.setQueryData(isolatorQueryKeys.job(job.id), job);
      void queryClient.invalidateQueries({ queryKey: isolatorQueryKeys.history });
      // Credits are held when the job is queued.
      void queryClient.invalidateQueries({ queryKey: creditSummaryQueryKey });
      onJob(job);
    } catch (failure) {
      const message = serverMessageOf(failure);
      if (!redirectForCredits(failure)) setError(message ? translate(message) : t('voiceIsolator.uploadFailed'));
    } finally {
      setUploading(null);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-4 sm:grid-cols-2">
        <FileDropTile
          title={t('voiceIsolator.upload')}
          description={t('voiceIsolator.uploadHint', { megabytes: MEGABYTES, minutes: MINUTES })}
          accept={ISOLATOR_ACCEPT}
          disabled={uploading !== null}
          onFiles={(files) => {
            const [file] = files;
            if (file) void send(file);
          }}
          testId="isolator-file-input"
        />
        <RecordTile
          title={t('voiceIsolator.record')}
          description={t('voiceIsolator.recordHint')}
          maxSeconds={UPLOAD_LIMITS.isolatorMaxSeconds}
          fileStem="recording"
          disabled={uploading !== null}
          onRecorded={(file) => void send(file)}
        />
      </div>
      <p className="text-xs text-muted-foreground">{t('voiceIsolator.costNote')}</p>
      {uploading && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Spinner className="size-4" />
          {t('voiceIsolator.uploading', { name: uploading })}
        </p>
      )}
      {error && (
        <Alert tone="error">
          <span data-testid="isolator-error">{error}</span>
        </Alert>
      )}
    </div>
  );
}
