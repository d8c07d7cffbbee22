import { History } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { EmptyState } from '../../../components/ui/studio.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDuration } from '../../../lib/format-duration.ts';
import { useFormatters } from '../../../lib/i18n.ts';
import { useIsolatorHistory } from '../hooks/use-isolator-job.ts';

const STATUS_TONE = { completed: 'success', failed: 'neutral', queued: 'accent', processing: 'accent' } as const;

/** Earlier isolations, newest first; any can be reopened for listening and download. */
export function IsolatorHistory({ openId, onOpen }: { openId: string | null; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const { dateTime } = useFormatters();
  const { data, isLoading, isError } = useIsolatorHistory();
  return (
    <section className="flex flex-col gap-3" aria-labelledby="isolator-history-title">
      <h2 id="isolator-history-title" className="text-base font-semibold">
        {t('voiceIsolator.history')}
      </h2>
      {isLoading ? (
        <Skeleton className="h-16 w-full rounded-2xl" />
      ) : isError ? (
        <p className="text-sm text-muted-foreground">{t('voiceIsolator.historyFailed')}</p>
      ) : !data || data.items.length === 0 ? (
        <EmptyState icon={History} title={t('voiceIsolator.historyEmptyTitle')} description={t('voiceIsolator.historyEmptyHint')} />
      ) : (
        <ul className="flex flex-col gap-2" data-testid="isolator-history">
          {data.items.map((job) => (
            <li
              key={job.id}
              className={cn('flex flex-wrap items-center gap-3 rounded-2xl border p-3 sm:flex-nowrap', job.id === openId ? 'border-primary/50 bg-accent/30' : 'border-border bg-surface')}
              data-testid="isolator-history-item"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold">{job.fileName}</p>
                <p className="text-xs text-muted-foreground">
                  {formatDuration(job.durationSeconds)} · {dateTime(job.createdAt)} · {t('voiceIsolator.credits', { count: job.credits })}
                </p>
              </div>
              <Badge tone={STATUS_TONE[job.status]}>{t(`voiceIsolator.status.${job.status}`)}</Badge>
              <Button variant="outline" size="sm" onClick={() => onOpen(job.id)} aria-label={t('voiceIsolator.openJob', { name: job.fileName })} disabled={job.id === openId}>
                {t('voiceIsolator.open')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
