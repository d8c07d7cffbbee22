import { Pause, Play } from 'lucide-react';
import { useTranslation } from '../../../lib/translator.ts';
import type { Voice } from '@sound-studio/shared';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';

/** The voice's artwork; as a button it plays or pauses the preview, with its state drawn over the image. */
export function VoiceAvatar({
  voice,
  playing = false,
  loading = false,
  onToggle,
  size = 'md',
  className,
}: {
  voice: Voice;
  playing?: boolean;
  loading?: boolean;
  onToggle?: () => void;
  /** sm: inside a button (voice picker); md: lists and cards. */
  size?: 'sm' | 'md';
  className?: string;
}) {
  const { t } = useTranslation();
  const image = <img src={voice.artwork} alt="" className="size-full object-cover" loading="lazy" />;
  const box = size === 'sm' ? 'size-7 rounded-lg' : 'size-11 rounded-xl';
  if (!onToggle) return <span className={cn('block shrink-0 overflow-hidden bg-brand', box, className)}>{image}</span>;
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={playing ? t('voices.pausePreview', { name: voice.name }) : t('voices.playPreview', { name: voice.name })}
      aria-pressed={playing}
      data-testid="voice-preview"
      className={cn(
        'group relative shrink-0 overflow-hidden bg-brand transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        box,
        playing && 'ring-2 ring-primary ring-offset-2 ring-offset-surface',
        className,
      )}
    >
      {image}
      <span
        className={cn(
          'absolute inset-0 flex items-center justify-center bg-black/35 text-white transition',
          playing || loading ? 'opacity-100' : 'opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100',
        )}
      >
        {loading ? <Spinner className="size-4" /> : playing ? <Pause className="size-4 fill-current" aria-hidden /> : <Play className="size-4 fill-current" aria-hidden />}
      </span>
    </button>
  );
}
