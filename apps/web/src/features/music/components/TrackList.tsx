import { useState } from 'react';
import { Disc3 } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import type { MusicTrack } from '@sound-studio/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { EmptyState } from '../../../components/ui/studio.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { usePlayer } from '../../player/index.ts';
import { useMyMusic } from '../api/use-music-queries.ts';
import { useDeleteTrack } from '../hooks/use-delete-track.ts';
import { useTrackPolling } from '../hooks/use-track-polling.ts';
import { trackItemName } from '../music-rules.ts';
import { NowPlayingLyrics } from './LyricsPanel.tsx';
import { TrackCard } from './TrackCard.tsx';

function TrackSkeletons() {
  return (
    <ul className="flex flex-col gap-3" aria-hidden data-testid="track-skeletons">
      {[0, 1, 2].map((row) => (
        <li key={row} className="flex gap-4 rounded-2xl border border-border bg-surface p-3.5">
          <Skeleton className="size-16 rounded-xl sm:size-[72px]" />
          <div className="flex flex-1 flex-col gap-2 pt-1">
            <Skeleton className="h-3.5 w-1/3" />
            <Skeleton className="h-3 w-2/3" />
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

/** Asks before deleting; the track leaves the list (and the player, if it was playing). */
function useDeleteWithConfirmation() {
  const { t } = useTranslation();
  const toast = useToast();
  const player = usePlayer();
  const remove = useDeleteTrack();
  const [pending, setPending] = useState<MusicTrack | null>(null);
  const confirm = () => {
    if (!pending) return;
    const track = pending;
    setPending(null);
    remove.mutate(track._id, {
      onSuccess: () => {
        if (player.current?.name === trackItemName(track._id)) player.close();
        toast.show(t('music.delete.done'), 'success');
      },
      onError: () => toast.show(t('music.delete.failed'), 'error'),
    });
  };
  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={t('music.delete.title')}
      description={t('music.delete.description', { title: pending?.title ?? '' })}
      confirmLabel={t('music.delete.confirm')}
      cancelLabel={t('music.delete.cancel')}
      onConfirm={confirm}
      onCancel={() => setPending(null)}
      testId="delete-track-confirm"
    />
  );
  return { ask: setPending, dialog };
}

/** 'My work': the generated tracks, newest first, with skeletons, the empty state, polling and 'load more'. */
export function TrackList() {
  const { t } = useTranslation();
  const music = useMyMusic();
  const tracks = music.data?.pages.flatMap((page) => page.items) ?? [];
  const pollStates = useTrackPolling(tracks);
  const { ask, dialog } = useDeleteWithConfirmation();
  return (
    <section aria-labelledby="my-tracks" className="flex min-w-0 flex-col gap-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="my-tracks" className="text-base font-semibold tracking-tight">
          {t('music.tracks.title')}
        </h2>
        {music.data && <span className="text-xs text-muted-foreground tabular-nums">{t('music.tracks.count', { count: music.data.pages[0]?.total ?? 0 })}</span>}
      </div>
      <NowPlayingLyrics tracks={tracks} />
      {music.isError && <Alert tone="error">{t('music.errors.loadTracks', { message: music.error.message })}</Alert>}
      {music.isPending ? (
        <TrackSkeletons />
      ) : tracks.length === 0 && !music.isError ? (
        <EmptyState icon={Disc3} title={t('music.tracks.empty')} description={t('music.tracks.emptyHint')} className="min-h-64" />
      ) : (
        <ul className="flex flex-col gap-3" data-testid="music-tracks">
          {tracks.map((track) => (
            <TrackCard key={track._id} track={track} pollState={pollStates.get(track._id)} onDelete={ask} />
          ))}
        </ul>
      )}
      {music.hasNextPage && (
        <Button variant="outline" className="self-center" onClick={() => void music.fetchNextPage()} loading={music.isFetchingNextPage}>
          {t('music.tracks.loadMore')}
        </Button>
      )}
      {dialog}
    </section>
  );
}
