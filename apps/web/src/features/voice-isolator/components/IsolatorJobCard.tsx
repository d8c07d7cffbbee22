import { Download, FileAudio } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import type { IsolatorJob } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatDuration } from '../../../lib/format-duration.ts';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import { downloadUrl, resultFileName } from '../isolator-rules.ts';
import { AbCompare } from './AbCompare.tsx';

function JobProgressBar({ job }: { job: IsolatorJob }) {
  const { t } = useTranslation();
  const percent = Math.round(Math.min(1, Math.max(0, job.progress)) * 100);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between text-xs text-muted-foreground">
        <span>{t(`voiceIsolator.status.${job.status}`)}</span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={t('voiceIsolator.progressLabel', { name: job.fileName })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="isolator-progress"
      >
        <div className="h-full rounded-full bg-brand transition-[width] duration-500 motion-reduce:transition-none" style={{ width: `${Math.max(4, percent)}%` }} />
      </div>
    </div>
  );
}

/** The job being looked at: progress while it runs, the comparison and downloads once it is done. */
export function IsolatorJobCard({ job }: { job: IsolatorJob }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const done = job.status === 'completed' && job.resultUrl;
  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6" data-testid="isolator-job" data-status={job.status}>
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <FileAudio className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1 basis-40">
          <p className="truncate text-sm font-semibold">{job.fileName}</p>
          <p className="text-xs text-muted-foreground">
            {formatDuration(job.durationSeconds)} · {t('voiceIsolator.credits', { count: job.credits })}
          </p>
        </div>
        {done && (
          <div className="flex w-full gap-2 sm:w-auto">
            <Button asChild variant="outline" size="sm">
              <a href={downloadUrl(job.resultUrl ?? '', resultFileName(job.fileName, 'mp3'))} download={resultFileName(job.fileName, 'mp3')} data-testid="download-mp3">
                <Download aria-hidden />
                MP3
              </a>
            </Button>
            {job.resultWavUrl && (
              <Button asChild variant="outline" size="sm">
                <a href={downloadUrl(job.resultWavUrl, resultFileName(job.fileName, 'wav'))} download={resultFileName(job.fileName, 'wav')} data-testid="download-wav">
                  <Download aria-hidden />
                  WAV
                </a>
              </Button>
            )}
          </div>
        )}
      </div>
      {(job.status === 'queued' || job.status === 'processing') && <JobProgressBar job={job} />}
      {job.status === 'failed' && <Alert tone="error">{job.error ? translate(job.error) : t('voiceIsolator.jobFailed')}</Alert>}
      {done && job.originalUrl && <AbCompare key={job.id} originalUrl={job.originalUrl} resultUrl={job.resultUrl ?? ''} />}
    </Card>
  );
}
