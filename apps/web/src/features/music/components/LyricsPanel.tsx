import { Mic2 } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import type { MusicTrack } from '@sound-studio/shared';
import { cn } from '../../../lib/cn.ts';
import { usePlayer, usePlayerTime } from '../../player/index.ts';
import { activeCueIndex, trackItemName } from '../music-rules.ts';

type LyricsTimeline = NonNullable<MusicTrack['lyricsTimeline']>;

/** The instrument's name in the interface language (names shared by both languages fall back to the English one). */
function useInstrumentName(): (instrument: string) => string {
  const { t } = useTranslation();
  const names: Record<string, string> = t('music.instruments', { returnObjects: true });
  return (instrument) => names[instrument] ?? instrument.toLowerCase();
}

/**
 * The lyrics in time with playback: the line being played highlighted between its neighbours. The engine does not
 * sing, and the panel says which instrument plays the vocal melody.
 */
export function LyricsPanel({ timeline, className }: { timeline: LyricsTimeline; className?: string }) {
  const { t } = useTranslation();
  const { currentTime } = usePlayerTime();
  const instrumentName = useInstrumentName();
  const active = activeCueIndex(timeline.cues, currentTime);
  const current = timeline.cues[active];
  const lines = [active - 1, active, active + 1].map((index) => ({ index, cue: timeline.cues[index] }));
  return (
    <section aria-label={t('music.lyricsPanel.title')} className={cn('rounded-2xl border border-border bg-accent/40 p-4', className)} data-testid="lyrics-panel">
      <div className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-accent-foreground uppercase">
          <Mic2 className="size-3.5" aria-hidden />
          {t('music.lyricsPanel.title')}
        </p>
        {current && <span className="rounded-full bg-surface px-2 py-0.5 text-[11px] font-medium text-muted-foreground">{current.section}</span>}
      </div>
      <ol className="mt-3 flex min-h-[4.5rem] flex-col gap-1">
        {lines.map(({ index, cue }) => (
          <li
            key={index}
            className={cn(
              'truncate transition-all duration-300 motion-reduce:transition-none',
              index === active ? 'text-base font-semibold text-foreground' : 'text-sm text-muted-foreground',
              !cue && 'invisible',
            )}
            aria-current={index === active ? 'true' : undefined}
            data-testid={index === active ? 'lyrics-current' : undefined}
          >
            {cue?.text ?? (index === active ? '♪' : ' ')}
          </li>
        ))}
      </ol>
      <p className="mt-3 text-xs leading-relaxed text-muted-foreground" data-testid="lyrics-instrument">
        {t('music.lyricsPanel.carriedBy', { instrument: instrumentName(timeline.instrument) })}
      </p>
    </section>
  );
}

/** Shown above the list while one of these tracks with lyrics is the player's item. */
export function NowPlayingLyrics({ tracks }: { tracks: readonly MusicTrack[] }) {
  const { current } = usePlayer();
  const playing = current ? tracks.find((track) => trackItemName(track._id) === current.name) : undefined;
  if (!playing?.lyricsTimeline || playing.lyricsTimeline.cues.length === 0) return null;
  return <LyricsPanel timeline={playing.lyricsTimeline} />;
}
