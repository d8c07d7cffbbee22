import { useEffect, useRef, useState } from 'react';
import { Pause, Play } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePlayer } from '../../player/index.ts';

type Side = 'before' | 'after';

const COLORS: Record<Side, { wave: string; progress: string }> = {
  before: { wave: 'rgba(148, 163, 184, 0.45)', progress: '#64748b' },
  after: { wave: 'rgba(139, 92, 246, 0.32)', progress: '#7c3aed' },
};

/** A waveform drawn by wavesurfer (loaded on first use) over its own audio element; a plain bar where it cannot. */
function CompareWave({ side, url, audio, active, onSeek }: { side: Side; url: string; audio: HTMLAudioElement | null; active: boolean; onSeek: (ratio: number) => void }) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const container = containerRef.current;
    if (!audio || !container || typeof AudioContext === 'undefined') return;
    let destroy: (() => void) | undefined;
    let cancelled = false;
    void import('wavesurfer.js')
      .then(({ default: WaveSurfer }) => {
        if (cancelled) return;
        const surfer = WaveSurfer.create({
          container,
          media: audio,
          url,
          height: 56,
          waveColor: COLORS[side].wave,
          progressColor: COLORS[side].progress,
          cursorWidth: 1,
          barWidth: 2,
          barGap: 1,
          barRadius: 2,
          normalize: true,
        });
        surfer.on('ready', () => setDrawn(true));
        destroy = () => surfer.destroy();
      })
      .catch(() => setDrawn(false));
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [audio, url, side]);
  return (
    <div className={cn('rounded-xl border p-3 transition', active ? 'border-primary/50 bg-accent/30' : 'border-border')} data-testid={`wave-${side}`} data-active={active}>
      <p className="mb-2 text-xs font-semibold text-muted-foreground">{t(`voiceIsolator.${side}`)}</p>
      <div className="relative h-14">
        <div ref={containerRef} className={cn('absolute inset-0', !drawn && 'invisible')} />
        {!drawn && (
          <button
            type="button"
            tabIndex={-1}
            aria-hidden
            className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-muted"
            onClick={(event) => {
              const box = event.currentTarget.getBoundingClientRect();
              onSeek((event.clientX - box.left) / Math.max(1, box.width));
            }}
          />
        )}
      </div>
    </div>
  );
}

/**
 * Before and after, each with its waveform; the A/B toggle switches which one sounds at the same position, so the
 * difference is heard, not guessed. The global player is paused so only one thing plays.
 */
export function AbCompare({ originalUrl, resultUrl }: { originalUrl: string; resultUrl: string }) {
  const { t } = useTranslation();
  const player = usePlayer();
  const [before, setBefore] = useState<HTMLAudioElement | null>(null);
  const [after, setAfter] = useState<HTMLAudioElement | null>(null);
  const [side, setSide] = useState<Side>('after');
  const [playing, setPlaying] = useState(false);
  const elements: Record<Side, HTMLAudioElement | null> = { before, after };

  const play = (target: HTMLAudioElement | null) => {
    if (!target) return;
    if (player.isPlaying) player.toggle();
    void target.play().catch(() => setPlaying(false));
  };
  const switchTo = (next: Side) => {
    if (next === side) return;
    const from = elements[side];
    const to = elements[next];
    setSide(next);
    if (!from || !to) return;
    to.currentTime = from.currentTime;
    if (!from.paused) {
      from.pause();
      play(to);
    }
  };
  const togglePlay = () => {
    const current = elements[side];
    if (!current) return;
    if (current.paused) play(current);
    else current.pause();
  };
  const seek = (ratio: number) => {
    const current = elements[side];
    if (current && Number.isFinite(current.duration)) current.currentTime = ratio * current.duration;
  };
  const audioEvents = (which: Side) => ({
    onPlay: () => which === side && setPlaying(true),
    onPause: () => which === side && setPlaying(false),
    onEnded: () => setPlaying(false),
  });

  return (
    <div className="flex flex-col gap-3" data-testid="ab-compare">
      <audio ref={setBefore} src={originalUrl} preload="metadata" data-testid="audio-before" {...audioEvents('before')} />
      <audio ref={setAfter} src={resultUrl} preload="metadata" data-testid="audio-after" {...audioEvents('after')} />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="primary" size="icon-round" onClick={togglePlay} aria-label={playing ? t('voiceIsolator.pause') : t('voiceIsolator.play')} data-testid="ab-play">
          {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
        </Button>
        <div className="inline-flex rounded-full border border-border bg-muted p-1" role="group" aria-label={t('voiceIsolator.abLabel')}>
          {(['before', 'after'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={side === option}
              onClick={() => switchTo(option)}
              className={cn(
                'h-8 rounded-full px-4 text-xs font-semibold transition focus-visible:outline-2 focus-visible:outline-ring',
                side === option ? 'bg-surface text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
              data-testid={`ab-${option}`}
            >
              {option === 'before' ? 'A · ' : 'B · '}
              {t(`voiceIsolator.${option}`)}
            </button>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">{t('voiceIsolator.abHint')}</p>
      </div>
      <div className="grid gap-3 lg:grid-cols-2">
        <CompareWave side="before" url={originalUrl} audio={before} active={side === 'before'} onSeek={seek} />
        <CompareWave side="after" url={resultUrl} audio={after} active={side === 'after'} onSeek={seek} />
      </div>
    </div>
  );
}
