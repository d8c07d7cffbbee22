import { Clock3, Music2, Pause, Play, Sparkles } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { Link, useParams } from 'react-router';
import type { PublicMusicTrack } from '@sound-studio/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api/index.ts';
import { getAccessToken } from '../../../lib/auth-storage.ts';
import { LanguageToggle } from '../../language/index.ts';
import { formatTime, PlayerProvider, usePlayer, usePlayerTime, Waveform, type PlayingItem } from '../../player/index.ts';
import { ThemeToggle } from '../../theme/index.ts';
import { useLocalizedPath } from '../../../lib/i18n.ts';
import { usePublicTrack } from '../api/use-music-queries.ts';
import { trackItemName } from '../music-rules.ts';
import { LyricsPanel } from './LyricsPanel.tsx';
import { TagList } from './TagList.tsx';
import { TrackArtwork } from './TrackArtwork.tsx';

function sharedItem(track: PublicMusicTrack): PlayingItem | null {
  if (!track.audioUrl) return null;
  return { name: trackItemName(track._id), audioUrl: track.audioUrl, displayName: track.title, ...(track.artworkUrl ? { artworkUrl: track.artworkUrl } : {}) };
}

/** Flat bars standing in for the waveform until the track is loaded into the player. */
function IdleWave() {
  return (
    <div className="flex h-10 w-full items-center gap-[3px] opacity-40" aria-hidden>
      {Array.from({ length: 64 }, (_, bar) => (
        <span key={bar} className="flex-1 rounded-full bg-primary/60" style={{ height: `${20 + Math.abs(Math.sin(bar * 0.7)) * 60}%` }} />
      ))}
    </div>
  );
}

/** Play/pause, the waveform (click or arrows to seek) and the time: a player for one track, no shell needed. */
function InlinePlayer({ item, duration }: { item: PlayingItem; duration: number }) {
  const { t } = useTranslation();
  const player = usePlayer();
  const { currentTime, duration: loadedDuration } = usePlayerTime();
  const loaded = player.current?.name === item.name;
  const playing = loaded && player.isPlaying;
  return (
    <div className="flex items-center gap-4" data-testid="share-player" data-playing={playing || undefined}>
      <Button
        size="icon-round"
        className="size-14 shrink-0 [&_svg]:size-6"
        onClick={() => player.toggleItem(item)}
        aria-label={playing ? t('player.pause') : t('player.play')}
        data-testid="share-play"
      >
        {loaded && player.isLoading && !playing ? <Spinner className="size-5" /> : playing ? <Pause className="fill-current" aria-hidden /> : <Play className="ml-0.5 fill-current" aria-hidden />}
      </Button>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {loaded ? <Waveform audioUrl={item.audioUrl} streaming={false} /> : <IdleWave />}
        <span className="text-xs text-muted-foreground tabular-nums" data-testid="share-time">
          {formatTime(loaded ? currentTime : 0)} / {formatTime(loaded && loadedDuration > 0 ? loadedDuration : duration)}
        </span>
      </div>
    </div>
  );
}

function ShareCard({ track }: { track: PublicMusicTrack }) {
  const { t } = useTranslation();
  const item = sharedItem(track);
  return (
    <Card className="overflow-hidden">
      <div className="grid gap-0 md:grid-cols-[minmax(0,300px)_minmax(0,1fr)]">
        <TrackArtwork artworkUrl={track.artworkUrl} seed={track._id} className="aspect-square w-full md:h-full" />
        <div className="flex min-w-0 flex-col gap-5 p-5 sm:p-7">
          <div className="flex flex-col gap-2">
            <p className="text-xs font-semibold tracking-wide text-primary uppercase">{t('musicShare.eyebrow')}</p>
            <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-[28px]" data-testid="share-title">
              {track.title}
            </h1>
            <div className="flex flex-wrap items-center gap-2">
              <TagList tags={track.tags} />
              <span className="flex items-center gap-1 text-xs text-muted-foreground tabular-nums">
                <Clock3 className="size-3" aria-hidden />
                {formatTime(track.duration)}
              </span>
            </div>
          </div>
          <p className="text-sm leading-relaxed text-muted-foreground">
            <span className="font-medium text-foreground">{t('musicShare.prompt')}</span> {track.prompt}
          </p>
          {item ? <InlinePlayer item={item} duration={track.duration} /> : <p className="text-sm text-muted-foreground">{t('musicShare.notReady')}</p>}
          {track.lyricsTimeline && track.lyricsTimeline.cues.length > 0 && <LyricsPanel timeline={track.lyricsTimeline} />}
        </div>
      </div>
    </Card>
  );
}

function ShareSkeleton() {
  return (
    <Card className="grid overflow-hidden md:grid-cols-[300px_minmax(0,1fr)]" aria-hidden data-testid="share-skeleton">
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="flex flex-col gap-4 p-7">
        <Skeleton className="h-3 w-24" />
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-14 w-full rounded-xl" />
      </div>
    </Card>
  );
}

function ShareNotFound({ missing }: { missing: boolean }) {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center" data-testid="share-not-found">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <Music2 className="size-6" aria-hidden />
      </span>
      <h1 className="text-lg font-semibold tracking-tight">{missing ? t('musicShare.notFound') : t('musicShare.loadFailed')}</h1>
      <p className="max-w-sm text-sm text-muted-foreground">{missing ? t('musicShare.notFoundHint') : t('musicShare.loadFailedHint')}</p>
    </Card>
  );
}

/** A shared track's public page: plays without signing in, with its lyrics in time, and invites the listener to make their own. */
export function SharePage() {
  const { t } = useTranslation();
  const localized = useLocalizedPath();
  const { id = '' } = useParams();
  const track = usePublicTrack(id);
  const signedIn = Boolean(getAccessToken());
  return (
    <PlayerProvider>
      <div className="flex min-h-dvh flex-col">
        <header className="flex h-16 items-center justify-between px-5 sm:px-8">
          <Link to={localized(signedIn ? '/' : '/login')} className="rounded-lg focus-visible:outline-2 focus-visible:outline-ring">
            <Logo />
          </Link>
          <div className="flex items-center gap-1">
            <LanguageToggle />
            <ThemeToggle />
          </div>
        </header>
        <main className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-6 px-4 pt-4 pb-12 sm:px-8 sm:pt-10">
          {track.isPending ? (
            <ShareSkeleton />
          ) : track.isError ? (
            <ShareNotFound missing={isApiError(track.error) && track.error.status === 404} />
          ) : (
            <ShareCard track={track.data} />
          )}
          <div className="flex flex-col items-center gap-2 text-center">
            <p className="text-sm text-muted-foreground">{t('musicShare.madeWith')}</p>
            <Button asChild variant="subtle">
              <Link to={localized(signedIn ? '/music' : '/register')}>
                <Sparkles aria-hidden />
                {t('musicShare.makeYourOwn')}
              </Link>
            </Button>
          </div>
        </main>
      </div>
    </PlayerProvider>
  );
}
