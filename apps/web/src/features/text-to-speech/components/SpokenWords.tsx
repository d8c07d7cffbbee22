import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translator.ts';
import type { SpeechTimings } from '@sound-studio/shared';
import { Card } from '../../../components/ui/card.tsx';
import { usePlayer, usePlayerTime } from '../../player/index.ts';
import { ttsApi } from '../api/tts-api.ts';

interface Piece {
  text: string;
  /** Index into the timings' words; null for the text between words. */
  word: number | null;
}

/** The text cut into timed words and the untimed text between them, in order. */
export function textPieces(timings: SpeechTimings): Piece[] {
  const pieces: Piece[] = [];
  let cursor = 0;
  timings.words.forEach((word, index) => {
    if (word.textStart > cursor) pieces.push({ text: timings.text.slice(cursor, word.textStart), word: null });
    pieces.push({ text: timings.text.slice(word.textStart, word.textEnd), word: index });
    cursor = Math.max(cursor, word.textEnd);
  });
  if (cursor < timings.text.length) pieces.push({ text: timings.text.slice(cursor), word: null });
  return pieces;
}

/** The word being heard at `seconds`, or -1 between words. */
export function wordAt(timings: SpeechTimings, seconds: number): number {
  return timings.words.findIndex((word) => seconds >= word.start && seconds < word.end);
}

/** The generation's text with the word being heard highlighted while the player plays it. */
export function SpokenWords({ generationId }: { generationId: string }) {
  const { t } = useTranslation();
  const player = usePlayer();
  const { currentTime } = usePlayerTime();
  const { data: timings } = useQuery({ queryKey: ['tts', 'timings', generationId], queryFn: () => ttsApi.timings(generationId), retry: false });
  if (!timings || timings.words.length === 0) return null;
  const playing = player.current?.name === `generation:${generationId}`;
  const current = playing ? wordAt(timings, currentTime) : -1;
  return (
    <Card className="p-5 text-sm leading-relaxed" data-testid="tts-spoken-words" aria-label={t('tts.spokenWords')}>
      {textPieces(timings).map((piece, index) =>
        piece.word === null ? (
          <span key={index}>{piece.text}</span>
        ) : (
          <span
            key={index}
            data-current={piece.word === current || undefined}
            className={piece.word === current ? 'rounded bg-primary/20 text-foreground' : 'text-muted-foreground'}
          >
            {piece.text}
          </span>
        ),
      )}
    </Card>
  );
}
