import { Music2 } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { fallbackGradient } from '../music-rules.ts';

interface TrackArtworkProps {
  artworkUrl: string | null;
  /** Picks the fallback gradient, so a card without artwork keeps its colour. */
  seed: string;
  playing?: boolean;
  className?: string;
}

/** Cover art, or a gradient with a note when there is none; animated bars while the track plays. */
export function TrackArtwork({ artworkUrl, seed, playing = false, className }: TrackArtworkProps) {
  return (
    <span className={cn('relative flex shrink-0 items-center justify-center overflow-hidden bg-gradient-to-br text-white', fallbackGradient(seed), className)} data-testid="track-artwork">
      {artworkUrl ? <img src={artworkUrl} alt="" className="absolute inset-0 size-full object-cover" /> : <Music2 className="size-1/3 max-h-8 max-w-8 opacity-90" aria-hidden />}
      {playing && <PlayingBars />}
    </span>
  );
}

function PlayingBars() {
  return (
    <span className="absolute inset-0 flex items-end justify-center gap-[3px] bg-black/35 pb-[18%]" aria-hidden data-testid="playing-bars">
      {[0, 1, 2, 3].map((bar) => (
        <span
          key={bar}
          className="w-1 origin-bottom animate-pulse rounded-full bg-white motion-reduce:animate-none"
          style={{ height: `${28 + ((bar * 37) % 40)}%`, animationDelay: `${bar * 140}ms` }}
        />
      ))}
    </span>
  );
}
