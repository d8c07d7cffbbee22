import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import { cn } from '../../../lib/cn.ts';
import { usePlayer, usePlayerAudio, usePlayerTime } from '../player-context.ts';
import { formatTime } from '../player-rules.ts';
import { loadPeaks } from '../waveform-peaks.ts';

const WAVE_COLOR = 'rgba(139, 92, 246, 0.32)';
const PROGRESS_COLOR = '#7c3aed';
const SEEK_STEP_SECONDS = 5;

/**
 * The playing item's waveform, drawn by wavesurfer.js over the player's own audio element (click or drag to seek).
 * wavesurfer loads on first use, never on /login. The bar is a keyboard slider too: arrows seek by 5 s.
 */
export function Waveform({ audioUrl, streaming }: { audioUrl: string; streaming: boolean }) {
  const { t } = useTranslation();
  const audio = usePlayerAudio();
  const { seek } = usePlayer();
  const { currentTime, duration } = usePlayerTime();
  const containerRef = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<string | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!audio || !container || streaming) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    void (async () => {
      try {
        const [{ default: WaveSurfer }, peaks] = await Promise.all([import('wavesurfer.js'), loadPeaks(audioUrl)]);
        if (cancelled) return;
        const surfer = WaveSurfer.create({
          container,
          media: audio,
          peaks: [peaks.channel],
          duration: peaks.duration,
          height: 40,
          waveColor: WAVE_COLOR,
          progressColor: PROGRESS_COLOR,
          cursorWidth: 0,
          barWidth: 2,
          barGap: 2,
          barRadius: 2,
          normalize: true,
          dragToSeek: true,
        });
        destroy = () => surfer.destroy();
        setDrawn(audioUrl);
      } catch {
        // Without peaks the progress line below still shows position and seeks.
      }
    })();
    return () => {
      cancelled = true;
      destroy?.();
      setDrawn(null);
    };
  }, [audio, audioUrl, streaming]);

  const progress = duration > 0 ? Math.min(1, currentTime / duration) : 0;
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: SEEK_STEP_SECONDS,
      ArrowUp: SEEK_STEP_SECONDS,
      ArrowLeft: -SEEK_STEP_SECONDS,
      ArrowDown: -SEEK_STEP_SECONDS,
    };
    if (event.key in moves) seek(currentTime + (moves[event.key] ?? 0));
    else if (event.key === 'Home') seek(0);
    else if (event.key === 'End' && duration > 0) seek(duration - 0.1);
    else return;
    event.preventDefault();
  };

  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={t('player.seek')}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(currentTime)}
      aria-valuetext={`${formatTime(currentTime)} / ${formatTime(duration)}`}
      onKeyDown={onKeyDown}
      className="relative h-10 w-full cursor-pointer rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      data-testid="player-waveform"
    >
      <div ref={containerRef} className={cn('absolute inset-0', drawn !== audioUrl && 'invisible')} />
      {drawn !== audioUrl && (
        <div
          className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 overflow-hidden rounded-full bg-muted"
          onClick={(event) => {
            const box = event.currentTarget.getBoundingClientRect();
            if (duration > 0) seek(((event.clientX - box.left) / box.width) * duration);
          }}
        >
          <div className={cn('h-full bg-brand', streaming && 'animate-pulse')} style={{ width: `${progress * 100}%` }} />
        </div>
      )}
    </div>
  );
}
