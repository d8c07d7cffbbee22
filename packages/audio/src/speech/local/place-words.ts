import type { EspeakWordMark } from './espeak-synthesizer.ts';
import type { SentenceWord } from '../sentence-word.ts';
import type { ShapedAudio } from './shape.ts';

/**
 * Moves eSpeak's word marks from its raw output into the shaped sentence: the trimmed lead is subtracted (resampling
 * keeps time), each word ends where the next begins, and the last ends with the speech, before the trailing gap.
 * Words are kept inside the audible part, so the first starts where sound does rather than in the trimmed margin.
 */
export function placeWords(marks: readonly EspeakWordMark[], shaped: ShapedAudio): SentenceWord[] {
  const clamp = (seconds: number): number =>
    Math.min(shaped.audibleEndSeconds, Math.max(shaped.audibleStartSeconds, seconds));
  const ordered = [...marks].sort((a, b) => a.seconds - b.seconds || a.start - b.start);
  return ordered.map((mark, index) => {
    const next = ordered[index + 1];
    const start = clamp(mark.seconds - shaped.trimmedLeadSeconds);
    const end = next ? clamp(next.seconds - shaped.trimmedLeadSeconds) : shaped.audibleEndSeconds;
    return { spokenStart: mark.start, spokenEnd: mark.end, start, end: Math.max(start, end) };
  });
}
