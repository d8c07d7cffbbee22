import { AlertCircle, CheckCircle2, FileText } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import type { TtsJob } from '@sound-studio/shared';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useFormatters, useTranslateMessage } from '../../../lib/i18n.ts';
import { usePlayer } from '../../player/index.ts';
import { useTtsJob } from '../hooks/use-tts-job.ts';

function jobItem(job: TtsJob, fileName: string) {
  return { name: `generation:${job.generationId ?? job.id}`, audioUrl: job.audioUrl ?? '', displayName: fileName.replace(/\.[^.]+$/, '') };
}

/** A long document being read: progress while it runs, then it plays; a failure says why. */
export function JobProgress({ job: initial, fileName }: { job: TtsJob; fileName: string }) {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const translate = useTranslateMessage();
  const player = usePlayer();
  const { job, pollFailed } = useTtsJob(initial, (completed) => {
    if (completed.audioUrl) player.play(jobItem(completed, fileName));
  });
  if (!job) return null;
  const percent = Math.round(job.progress * 100);
  const running = job.status === 'queued' || job.status === 'processing';
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="job-progress" data-status={job.status}>
      <div className="flex items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          {running ? <Spinner className="size-4" /> : job.status === 'completed' ? <CheckCircle2 className="size-4 text-success" aria-hidden /> : <AlertCircle className="size-4 text-destructive" aria-hidden />}
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1.5 truncate text-sm font-semibold">
            <FileText className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
            {fileName}
          </p>
          <p className="text-xs text-muted-foreground">
            {t(`tts.job.${job.status}`)} · {t('tts.characters', { count: job.characters, formatted: number(job.characters) })}
          </p>
        </div>
        <span className="text-sm font-semibold tabular-nums">{percent}%</span>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-muted" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('tts.job.progress', { name: fileName })}>
        <div className="h-full rounded-full bg-brand transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
      {job.status === 'failed' && <p className="text-sm text-destructive">{job.error ? translate(job.error) : t('tts.errors.failed')}</p>}
      {pollFailed && running && <p className="text-xs text-warning">{t('tts.job.pollFailed')}</p>}
      {job.status === 'completed' && job.audioUrl && (
        <button type="button" className="self-start text-sm font-medium text-primary hover:underline" onClick={() => player.play(jobItem(job, fileName))}>
          {t('tts.job.playAgain')}
        </button>
      )}
    </Card>
  );
}
