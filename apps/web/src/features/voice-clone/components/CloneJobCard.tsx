import { Fingerprint } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import type { VoiceCloneJob } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useTranslateMessage } from '../../../lib/i18n.ts';

/** A clone on its way: its progress while it runs, the reason when it failed (nothing was charged then). */
export function CloneJobCard({ job }: { job: VoiceCloneJob }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const percent = Math.round(Math.min(1, Math.max(0, job.progress)) * 100);
  const running = job.status === 'queued' || job.status === 'processing';
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6" data-testid="clone-job" data-status={job.status}>
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <Fingerprint className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold">{job.name}</p>
          <p className="text-xs text-muted-foreground">{t('voiceClone.sampleCount', { count: job.sampleCount })}</p>
        </div>
      </div>
      {running && (
        <div className="flex flex-col gap-2">
          <div className="flex items-center justify-between text-xs text-muted-foreground">
            <span role="status">{t(`voiceClone.status.${job.status}`)}</span>
            <span className="tabular-nums">{percent}%</span>
          </div>
          <div
            className="h-2 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label={t('voiceClone.progressLabel', { name: job.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            data-testid="clone-progress"
          >
            <div className="h-full rounded-full bg-brand transition-[width] duration-500 motion-reduce:transition-none" style={{ width: `${Math.max(4, percent)}%` }} />
          </div>
        </div>
      )}
      {job.status === 'failed' && (
        <Alert tone="error">
          <span data-testid="clone-job-error">{job.error ? translate(job.error) : t('voiceClone.createFailed')}</span> {t('voiceClone.notCharged')}
        </Alert>
      )}
    </Card>
  );
}
