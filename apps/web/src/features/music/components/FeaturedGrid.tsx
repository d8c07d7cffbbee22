import { useState } from 'react';
import { Clock3, Download, Pause, Play, Share2 } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { FEATURED_PAGE_SIZE, musicSharePath, type FeaturedMusicItem } from '@sound-studio/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { downloadAudio, formatTime, shareAudio, usePlayer } from '../../player/index.ts';
import { engage, useEngageViews } from '../hooks/use-engagement.ts';
import { featuredPlayingItem } from '../music-rules.ts';
import { TagList } from './TagList.tsx';
import { TrackArtwork } from './TrackArtwork.tsx';

const GRID_CLASSES = 'grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2 lg:grid-cols-3';

function FeaturedActions({ item }: { item: FeaturedMusicItem }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const playing = featuredPlayingItem(item);
  const download = async () => {
    setDownloading(true);
    engage(item._id, 'download');
    try {
      await downloadAudio(playing.audioUrl, playing.displayName);
    } catch {
      toast.show(t('player.downloadFailed'), 'error');
    } finally {
      setDownloading(false);
    }
  };
  const share = async () => {
    try {
      // A featured track is a finished track: its public page plays it for anyone, and its link does not expire.
      if ((await shareAudio(musicSharePath(item._id), item.title)) === 'copied') toast.show(t('player.linkCopied'), 'success');
    } catch {
      toast.show(t('player.shareFailed'), 'error');
    }
  };
  return (
    <div className="flex shrink-0 items-center">
      <Button variant="ghost" size="icon-sm" onClick={() => void download()} loading={downloading} aria-label={t('music.actions.download', { title: item.title })} data-testid="featured-download">
        {!downloading && <Download aria-hidden />}
      </Button>
      <Button variant="ghost" size="icon-sm" onClick={() => void share()} aria-label={t('music.actions.share', { title: item.title })}>
        <Share2 aria-hidden />
      </Button>
    </div>
  );
}

/** A featured track: artwork (click to play), title, tags, duration; download and share when `withActions`. */
export function FeaturedCard({ item, withActions }: { item: FeaturedMusicItem; withActions: boolean }) {
  const { t } = useTranslation();
  const player = usePlayer();
  const playingItem = featuredPlayingItem(item);
  const isCurrent = player.current?.name === playingItem.name;
  const playing = isCurrent && player.isPlaying;
  const toggle = () => {
    if (!isCurrent) engage(item._id, 'play');
    player.toggleItem(playingItem);
  };
  return (
    <li
      className={cn('group/card flex flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-card transition hover:border-primary/40', isCurrent && 'border-primary/50 ring-1 ring-primary/25')}
      data-testid="featured-card"
      data-featured-id={item._id}
    >
      <button
        type="button"
        onClick={toggle}
        className="group relative block aspect-[16/10] w-full overflow-hidden focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
        aria-label={playing ? t('music.actions.pause', { title: item.title }) : t('music.actions.play', { title: item.title })}
        aria-pressed={playing}
        data-testid="featured-play"
      >
        <TrackArtwork artworkUrl={item.featured.artwork.cdnUrl || null} seed={item._id} playing={playing} className="absolute inset-0 size-full" />
        <span
          className={cn(
            'absolute right-3 bottom-3 flex size-11 items-center justify-center rounded-full bg-white/95 text-violet-700 shadow-pop transition',
            playing ? 'opacity-100' : 'translate-y-1 opacity-0 group-hover:translate-y-0 group-hover:opacity-100 group-focus-visible:translate-y-0 group-focus-visible:opacity-100',
          )}
          aria-hidden
        >
          {playing ? <Pause className="size-5 fill-current" /> : <Play className="ml-0.5 size-5 fill-current" />}
        </span>
      </button>
      <div className="flex flex-1 flex-col gap-2 p-3.5">
        <div className="flex items-start justify-between gap-2">
          <p className="line-clamp-1 min-w-0 pt-1 text-sm font-semibold" data-testid="featured-title">
            {item.title}
          </p>
          {withActions && <FeaturedActions item={item} />}
        </div>
        <div className="mt-auto flex items-center justify-between gap-2">
          <TagList tags={item.featured.tags} />
          <span className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground tabular-nums">
            <Clock3 className="size-3" aria-hidden />
            {formatTime(item.duration)}
          </span>
        </div>
      </div>
    </li>
  );
}

export function FeaturedSkeletons({ count = FEATURED_PAGE_SIZE }: { count?: number }) {
  return (
    <ul className={GRID_CLASSES} aria-hidden data-testid="featured-skeletons">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="overflow-hidden rounded-2xl border border-border bg-surface" data-testid="featured-skeleton">
          <Skeleton className="aspect-[16/10] w-full rounded-none" />
          <div className="flex flex-col gap-2.5 p-3.5">
            <Skeleton className="h-3.5 w-2/3" />
            <div className="flex gap-1.5">
              <Skeleton className="h-4 w-14 rounded-full" />
              <Skeleton className="h-4 w-14 rounded-full" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Three columns on wide screens, one on phones; views are counted as the cards appear. */
export function FeaturedGrid({ items, withActions = true }: { items: readonly FeaturedMusicItem[]; withActions?: boolean }) {
  useEngageViews(items.map((item) => item._id));
  return (
    <ul className={GRID_CLASSES} data-testid="featured-grid">
      {items.map((item) => (
        <FeaturedCard key={item._id} item={item} withActions={withActions} />
      ))}
    </ul>
  );
}
