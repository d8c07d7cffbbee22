import { useState } from 'react';
import { Award, Check, Copy, Download, MoreHorizontal, Pause, Play, Share2, Trash2 } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { MUSIC_MESSAGES, type MusicTrack } from '@sound-studio/shared';
import { Button } from '../../../components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTranslateMessage } from '../../../lib/i18n.ts';
import { useCopyToClipboard } from '../../../lib/use-copy-to-clipboard.ts';
import { useLicenseDownload } from '../../billing/index.ts';
import { downloadAudio, formatTime, shareAudio, usePlayer } from '../../player/index.ts';
import { musicApi } from '../api/music-api.ts';
import type { PollState } from '../hooks/use-track-polling.ts';
import { isPendingTrack, trackArtwork, trackPlayingItem } from '../music-rules.ts';
import { TagList } from './TagList.tsx';
import { TrackArtwork } from './TrackArtwork.tsx';

function TrackStatus({ track, pollState }: { track: MusicTrack; pollState: PollState | undefined }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  if (track.status === 'failed') {
    // Section 4: the error text (the spec's texts in the interface language), or the rejected-prompt text when there is none.
    const reason =
      !track.error || track.error === MUSIC_MESSAGES.promptRejected
        ? t('music.errors.promptRejected')
        : track.error === MUSIC_MESSAGES.generationFailed
          ? t('music.errors.generationFailed')
          : translate(track.error);
    return (
      <p className="text-xs font-medium text-destructive" data-testid="track-status">
        {reason}
      </p>
    );
  }
  if (!isPendingTrack(track)) return null;
  const percent = Math.round(Math.min(1, Math.max(0, track.progress)) * 100);
  return (
    <div className="flex flex-col gap-1.5">
      <p className="flex items-center gap-1.5 text-xs font-medium text-primary" data-testid="track-status">
        <Spinner className="size-3" />
        {track.status === 'generating' ? t('music.status.generating') : t('music.status.processing')}
        {track.status === 'processing' && <span className="text-muted-foreground tabular-nums">{percent}%</span>}
      </p>
      {track.status === 'processing' && (
        <div className="h-1 overflow-hidden rounded-full bg-muted" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('music.status.progress', { title: track.title })}>
          <div className="h-full rounded-full bg-brand transition-[width] duration-500" style={{ width: `${percent}%` }} />
        </div>
      )}
      {pollState === 'failed' && <p className="text-xs text-warning">{t('music.status.pollFailed')}</p>}
      {pollState === 'gaveUp' && <p className="text-xs text-warning">{t('music.status.gaveUp')}</p>}
    </div>
  );
}

function TrackActions({ track, onDelete }: { track: MusicTrack; onDelete: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { copied, copy } = useCopyToClipboard();
  const [downloading, setDownloading] = useState(false);
  const license = useLicenseDownload();
  const item = trackPlayingItem(track);
  const ready = track.status === 'completed' && item !== null;
  const download = async () => {
    if (!item) return;
    setDownloading(true);
    try {
      await downloadAudio(item.audioUrl, item.displayName);
    } catch {
      toast.show(t('player.downloadFailed'), 'error');
    } finally {
      setDownloading(false);
    }
  };
  const share = async () => {
    try {
      if ((await shareAudio(track.shareUrl, track.title)) === 'copied') toast.show(t('player.linkCopied'), 'success');
    } catch {
      toast.show(t('player.shareFailed'), 'error');
    }
  };
  const promptCopied = copied === track.prompt;
  return (
    <div className="flex shrink-0 items-center gap-0.5">
      <Button variant="ghost" size="icon-sm" onClick={() => void copy(track.prompt)} aria-label={promptCopied ? t('music.actions.promptCopied') : t('music.actions.copyPrompt')} data-testid="track-copy-prompt">
        {promptCopied ? <Check className="text-success" aria-hidden /> : <Copy aria-hidden />}
      </Button>
      <Button variant="ghost" size="icon-sm" onClick={() => void download()} loading={downloading} disabled={!ready} aria-label={t('music.actions.download', { title: track.title })} data-testid="track-download">
        {!downloading && <Download aria-hidden />}
      </Button>
      <Button variant="ghost" size="icon-sm" onClick={() => void share()} disabled={!ready} aria-label={t('music.actions.share', { title: track.title })} data-testid="track-share">
        <Share2 aria-hidden />
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label={t('music.actions.more', { title: track.title })} data-testid="track-menu">
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem
            onSelect={() => void license.download(() => musicApi.license(track._id))}
            disabled={track.status !== 'completed' || license.pending}
            aria-label={t('billing.license.actionFor', { title: track.title })}
            data-testid="track-license"
          >
            <Award aria-hidden />
            {t('billing.license.action')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onDelete} className="text-destructive [&_svg]:!text-destructive" data-testid="track-delete">
            <Trash2 aria-hidden />
            {t('music.actions.delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

interface TrackCardProps {
  track: MusicTrack;
  pollState: PollState | undefined;
  onDelete: (track: MusicTrack) => void;
}

/** One generated track: artwork (play on it), title, tags, status or duration, and its actions. */
export function TrackCard({ track, pollState, onDelete }: TrackCardProps) {
  const { t } = useTranslation();
  const player = usePlayer();
  const item = trackPlayingItem(track);
  const playable = track.status === 'completed' && item !== null;
  const isCurrent = item !== null && player.current?.name === item.name;
  const playing = isCurrent && player.isPlaying;
  return (
    <li
      className={cn(
        // Phones: the actions move under the text so the title keeps its width.
        'grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-2xl border border-border bg-surface p-3 shadow-card transition sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:gap-x-4 sm:p-3.5',
        isCurrent && 'border-primary/50 ring-1 ring-primary/25',
      )}
      data-testid="music-track"
      data-status={track.status}
      data-track-id={track._id}
    >
      <button
        type="button"
        className="group relative row-span-2 shrink-0 self-start rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-default sm:row-span-1"
        onClick={() => item && player.toggleItem(item)}
        disabled={!playable}
        aria-label={playing ? t('music.actions.pause', { title: track.title }) : t('music.actions.play', { title: track.title })}
        aria-pressed={playable ? playing : undefined}
        data-testid="track-play"
      >
        <TrackArtwork artworkUrl={trackArtwork(track)} seed={track._id} playing={playing} className="size-16 rounded-xl sm:size-[72px]" />
        {playable && !playing && (
          <span className="absolute inset-0 flex items-center justify-center rounded-xl bg-black/0 text-white opacity-0 transition group-hover:bg-black/30 group-hover:opacity-100 group-focus-visible:bg-black/30 group-focus-visible:opacity-100">
            <Play className="size-6 fill-current" aria-hidden />
          </span>
        )}
        {playing && (
          <span className="absolute inset-0 flex items-center justify-center rounded-xl text-white opacity-0 transition group-hover:opacity-100">
            <Pause className="size-6 fill-current" aria-hidden />
          </span>
        )}
      </button>
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold" data-testid="track-title">
            {track.title}
          </p>
          <p className="truncate text-xs text-muted-foreground" title={track.prompt}>
            {track.prompt}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <TagList tags={track.tags} />
          {track.status === 'completed' && <span className="text-xs text-muted-foreground tabular-nums">{formatTime(track.duration)}</span>}
        </div>
        <TrackStatus track={track} pollState={pollState} />
      </div>
      <div className="col-start-2 -ml-2 sm:col-start-3 sm:row-start-1 sm:ml-0">
        <TrackActions track={track} onDelete={() => onDelete(track)} />
      </div>
    </li>
  );
}
