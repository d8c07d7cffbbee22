import { AudioLines, Download, Heart, Pause, Play, Share2, SkipBack, SkipForward, Volume1, Volume2, VolumeX, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Slider } from '../../../components/ui/slider.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { useFormatters } from '../../../lib/i18n.ts';
import { downloadAudio, shareAudio } from '../audio-files.ts';
import { useLikedItems } from '../hooks/use-liked-items.ts';
import { usePlayer, usePlayerTime } from '../player-context.ts';
import { formatTime, type PlayingItem } from '../player-rules.ts';
import { Waveform } from './Waveform.tsx';

function Artwork({ item, playing }: { item: PlayingItem; playing: boolean }) {
  return (
    <span className="relative flex size-11 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-brand text-white">
      {item.artworkUrl ? <img src={item.artworkUrl} alt="" className="size-full object-cover" /> : <AudioLines className="size-5" aria-hidden />}
      {playing && (
        <span className="absolute inset-x-0 bottom-0 flex h-3 items-end justify-center gap-0.5 bg-black/25 pb-0.5" aria-hidden>
          {[0, 1, 2].map((bar) => (
            <span key={bar} className="w-0.5 origin-bottom animate-pulse rounded-full bg-white" style={{ height: `${6 + bar * 2}px`, animationDelay: `${bar * 150}ms` }} />
          ))}
        </span>
      )}
    </span>
  );
}

function TimeLabel() {
  const { currentTime, duration } = usePlayerTime();
  return (
    <span className="shrink-0 text-xs text-muted-foreground tabular-nums" data-testid="player-time">
      {formatTime(currentTime)} / {formatTime(duration)}
    </span>
  );
}

function VolumeControl() {
  const { t } = useTranslation();
  const { number } = useFormatters();
  const { volume, muted, setVolume, toggleMute } = usePlayer();
  const silent = muted || volume === 0;
  const Icon = silent ? VolumeX : volume < 0.5 ? Volume1 : Volume2;
  return (
    <div className="flex items-center gap-2">
      <Button variant="ghost" size="icon-sm" onClick={toggleMute} aria-label={muted ? t('player.unmute') : t('player.mute')} aria-pressed={muted}>
        <Icon aria-hidden />
      </Button>
      <div className="w-24">
        <Slider
          min={0}
          max={1}
          step={0.05}
          value={[muted ? 0 : volume]}
          onValueChange={([value]) => setVolume(value ?? 0)}
          aria-label={t('player.volume')}
          valueText={(value) => t('tts.valueText.volume', { value: number(Math.round(value * 100)) })}
        />
      </div>
    </div>
  );
}

function ItemActions({ item, compact = false }: { item: PlayingItem; compact?: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { isLiked, toggleLike } = useLikedItems();
  const [downloading, setDownloading] = useState(false);
  const liked = isLiked(item.name);
  const download = async () => {
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
      const outcome = await shareAudio(item.audioUrl, item.displayName);
      if (outcome === 'copied') toast.show(t('player.linkCopied'), 'success');
    } catch {
      toast.show(t('player.shareFailed'), 'error');
    }
  };
  return (
    <>
      <Button variant="ghost" size="icon-sm" onClick={() => toggleLike(item.name)} aria-label={liked ? t('player.unlike') : t('player.like')} aria-pressed={liked}>
        <Heart className={cn(liked && 'fill-current text-primary')} aria-hidden />
      </Button>
      <Button variant="ghost" size="icon-sm" onClick={download} loading={downloading} disabled={item.streaming} aria-label={t('player.download')} data-testid="player-download">
        {!downloading && <Download aria-hidden />}
      </Button>
      {!compact && (
        <Button variant="ghost" size="icon-sm" onClick={share} disabled={item.streaming} aria-label={t('player.share')}>
          <Share2 aria-hidden />
        </Button>
      )}
    </>
  );
}

/** Section 2's bottom player bar, shown while something is loaded: track, controls, waveform, likes, download, share. */
export function PlayerBar() {
  const { t } = useTranslation();
  const { current, playlist, isPlaying, isLoading, failed, toggle, next, previous, close } = usePlayer();
  if (!current) return null;
  const hasPlaylist = playlist.length > 1;
  return (
    <section
      aria-label={t('player.label')}
      data-testid="player-bar"
      data-playing={isPlaying || undefined}
      className="relative z-30 border-t border-border bg-surface/95 px-3 py-2.5 shadow-[0_-8px_24px_-16px_rgb(0_0_0/0.25)] backdrop-blur sm:px-6"
    >
      <div className="mx-auto grid max-w-screen-2xl grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 md:grid-cols-[minmax(0,16rem)_auto_minmax(0,1fr)_auto] md:gap-x-5">
        <div className="flex min-w-0 items-center gap-3">
          <Artwork item={current} playing={isPlaying} />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold" data-testid="player-title">
              {current.displayName}
            </p>
            <p className="truncate text-xs text-muted-foreground">
              {failed ? t('player.failed') : current.streaming ? t('player.streaming') : isPlaying ? t('player.playing') : t('player.paused')}
            </p>
          </div>
        </div>
        <div className="flex items-center gap-1">
          {/* Small screens: the actions share the top row with the play button. */}
          <div className="flex items-center gap-1 md:hidden">
            <ItemActions item={current} compact />
          </div>
          {hasPlaylist && (
            <Button variant="ghost" size="icon-sm" onClick={previous} aria-label={t('player.previous')}>
              <SkipBack aria-hidden />
            </Button>
          )}
          <Button
            size="icon-round"
            className="size-10"
            onClick={toggle}
            aria-label={isPlaying ? t('player.pause') : t('player.play')}
            data-testid="player-toggle"
          >
            {isLoading && !isPlaying ? <Spinner className="size-4" /> : isPlaying ? <Pause className="fill-current" aria-hidden /> : <Play className="fill-current" aria-hidden />}
          </Button>
          {hasPlaylist && (
            <Button variant="ghost" size="icon-sm" onClick={next} aria-label={t('player.next')}>
              <SkipForward aria-hidden />
            </Button>
          )}
          <div className="md:hidden">
            <Button variant="ghost" size="icon-sm" onClick={close} aria-label={t('player.close')}>
              <X aria-hidden />
            </Button>
          </div>
        </div>
        <div className="col-span-2 flex min-w-0 items-center gap-3 md:col-span-1">
          <Waveform audioUrl={current.audioUrl} streaming={Boolean(current.streaming)} />
          <TimeLabel />
        </div>
        <div className="hidden items-center justify-end gap-1 md:flex">
          <ItemActions item={current} />
          <VolumeControl />
          <Button variant="ghost" size="icon-sm" onClick={close} aria-label={t('player.close')}>
            <X aria-hidden />
          </Button>
        </div>
      </div>
    </section>
  );
}
