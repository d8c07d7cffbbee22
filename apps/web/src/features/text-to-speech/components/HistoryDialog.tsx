import { useEffect, useState } from 'react';
import { Award, Download, History, Pause, Play, Search, Trash2 } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { firstWords, HISTORY_RANGES, type HistoryRange, type TtsGeneration } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { EmptyState } from '../../../components/ui/studio.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { useFormatters } from '../../../lib/i18n.ts';
import { useLicenseDownload } from '../../billing/index.ts';
import { downloadAudio, formatTime, usePlayer } from '../../player/index.ts';
import { ttsApi } from '../api/tts-api.ts';
import { useClearHistory, useDeleteGeneration, useTtsHistory } from '../hooks/use-tts-history.ts';
import { generationItem } from '../speech-item.ts';

const SEARCH_DELAY_MS = 300;

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Replaying an item queues the listed ones, so next and previous walk the history. */
function HistoryRow({ generation, list }: { generation: TtsGeneration; list: readonly TtsGeneration[] }) {
  const { t } = useTranslation();
  const { dateTime, number } = useFormatters();
  const toast = useToast();
  const player = usePlayer();
  const remove = useDeleteGeneration();
  const license = useLicenseDownload();
  const item = generationItem(generation);
  const playing = player.current?.name === item.name && player.isPlaying;
  return (
    <li className="flex gap-3 rounded-2xl border border-border p-3.5" data-testid="history-item">
      <Button
        size="icon-round"
        variant={playing ? 'primary' : 'subtle'}
        onClick={() => {
          if (player.current?.name === item.name) player.toggle();
          else player.play(list.map((entry) => generationItem(entry)), list.indexOf(generation));
        }}
        aria-label={playing ? t('player.pause') : t('tts.historyPlay', { name: generation.voiceName })}
        aria-pressed={playing}
      >
        {playing ? <Pause className="fill-current" aria-hidden /> : <Play className="fill-current" aria-hidden />}
      </Button>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 text-sm font-semibold">
          {generation.voiceName}
          <span className="text-xs font-normal text-muted-foreground">{dateTime(generation.createdAt)}</span>
          {generation.source === 'api' && (
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground" data-testid="history-api-key">
              {generation.apiKeyName ? t('tts.historyViaApiKey', { name: generation.apiKeyName }) : t('tts.historyViaApi')}
            </span>
          )}
        </p>
        <p className="mt-0.5 line-clamp-2 text-sm text-muted-foreground" data-testid="history-text">
          {generation.text}
        </p>
        <p className="mt-1 text-xs text-muted-foreground tabular-nums">
          {formatTime(generation.durationSeconds)} · {t('tts.historySettings', { speed: number(generation.settings.speed), pitch: number(generation.settings.pitch), volume: number(generation.settings.volume) })} ·{' '}
          {t('tts.characters', { count: generation.characters, formatted: number(generation.characters) })}
        </p>
      </div>
      <div className="flex shrink-0 flex-col gap-1 sm:flex-row sm:items-start">
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={() => downloadAudio(generation.audioUrl, item.displayName).catch(() => toast.show(t('player.downloadFailed'), 'error'))}
          aria-label={t('player.download')}
        >
          <Download aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={() => void license.download(() => ttsApi.license(generation.id))}
          loading={license.pending}
          aria-label={t('billing.license.actionFor', { title: firstWords(generation.text, 40) })}
          title={t('billing.license.action')}
          data-testid="history-license"
        >
          {!license.pending && <Award aria-hidden />}
        </Button>
        <Button variant="ghost" size="icon-sm" onClick={() => remove.mutate(generation.id)} loading={remove.isPending} aria-label={t('tts.historyDelete')} data-testid="history-delete">
          {!remove.isPending && <Trash2 aria-hidden />}
        </Button>
      </div>
    </li>
  );
}

function HistorySkeleton() {
  return (
    <ul className="flex flex-col gap-2" aria-hidden>
      {[0, 1, 2].map((row) => (
        <li key={row} className="flex gap-3 rounded-2xl border border-border p-3.5">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-3.5 w-40" />
            <Skeleton className="h-3 w-full" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Every generation kept: search, All / Today / This week / This month, replay, download, delete and Clear all. */
export function HistoryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const [range, setRange] = useState<HistoryRange>('all');
  const [confirmClear, setConfirmClear] = useState(false);
  const search = useDebounced(searchText, SEARCH_DELAY_MS);
  const history = useTtsHistory(search, range, open);
  const clear = useClearHistory();
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const total = history.data?.pages[0]?.total ?? 0;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('tts.historyTitle')} description={t('tts.historyDescription')} size="lg" data-testid="history-dialog">
        <div className="flex flex-col gap-4">
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input type="search" className="h-10 pl-9" value={searchText} onChange={(event) => setSearchText(event.target.value)} placeholder={t('tts.historySearch')} aria-label={t('tts.historySearch')} />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex flex-wrap gap-1.5" role="group" aria-label={t('tts.historyRange')}>
              {HISTORY_RANGES.map((option) => (
                <button
                  key={option}
                  type="button"
                  aria-pressed={range === option}
                  onClick={() => setRange(option)}
                  className={cn(
                    'h-8 rounded-full border px-3 text-xs font-medium transition focus-visible:outline-2 focus-visible:outline-ring',
                    range === option ? 'border-primary-solid bg-primary-solid text-primary-foreground' : 'border-border text-muted-foreground hover:text-foreground',
                  )}
                >
                  {t(`tts.ranges.${option}`)}
                </button>
              ))}
            </div>
            <Button variant="ghost" size="sm" onClick={() => setConfirmClear(true)} disabled={total === 0 && range === 'all' && !search}>
              <span className="flex items-center gap-1.5 text-destructive">
                <Trash2 aria-hidden />
                {t('tts.clearAll')}
              </span>
            </Button>
          </div>
          {history.isError && <Alert tone="error">{t('tts.historyFailed')}</Alert>}
          {history.isPending ? (
            <HistorySkeleton />
          ) : items.length === 0 ? (
            <EmptyState icon={History} title={t(search || range !== 'all' ? 'tts.historyNoMatch' : 'tts.historyEmpty')} description={t(search || range !== 'all' ? 'tts.historyNoMatchHint' : 'tts.historyEmptyHint')} />
          ) : (
            <ul className="flex flex-col gap-2" data-testid="history-list">
              {items.map((generation) => (
                <HistoryRow key={generation.id} generation={generation} list={items} />
              ))}
            </ul>
          )}
          {history.hasNextPage && (
            <Button variant="outline" className="self-center" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
              {t('tts.loadMore')}
            </Button>
          )}
        </div>
        <ConfirmDialog
          open={confirmClear}
          title={t('tts.clearAllTitle')}
          description={t('tts.clearAllDescription')}
          confirmLabel={t('tts.clearAll')}
          cancelLabel={t('tts.cancel')}
          onConfirm={() => {
            setConfirmClear(false);
            clear.mutate();
          }}
          onCancel={() => setConfirmClear(false)}
          testId="clear-history-confirm"
        />
      </DialogContent>
    </Dialog>
  );
}
