import { SpeechError, timeStretch, type SpeechChunk } from '@sound-studio/audio';

/** Our engines speak at 0.5–2 times normal speed; OpenAI allows 0.25–4, the rest is made up by time-stretching. */
export const ENGINE_SPEED_LIMITS = { min: 0.5, max: 2 } as const;

export interface SpeedPlan {
  /** What the engine is asked for. */
  engineSpeed: number;
  /** The time-stretch applied to the engine's audio on top (1: none). */
  tempo: number;
}

export function speedPlanOf(speed: number): SpeedPlan {
  const engineSpeed = Math.min(ENGINE_SPEED_LIMITS.max, Math.max(ENGINE_SPEED_LIMITS.min, speed));
  return { engineSpeed, tempo: speed / engineSpeed };
}

/**
 * The engine's chunks played `tempo` times faster (pitch kept): samples stretched, and every time (chunk offsets,
 * durations, word timings) scaled to match, so captions and alignments still meet the audio.
 */
export async function* stretchChunks(chunks: AsyncIterable<SpeechChunk>, tempo: number): AsyncGenerator<SpeechChunk> {
  if (tempo === 1) {
    yield* chunks;
    return;
  }
  let startSample = 0;
  for await (const chunk of chunks) {
    if (chunk.format !== 'pcm') throw new SpeechError('INVALID_SETTING', 'This speech provider cannot change tempo: use a speed of 0.5 to 2');
    const samples = timeStretch(chunk.samples, chunk.sampleRate, tempo);
    const scale = (seconds: number) => Math.round((seconds / tempo) * 1000) / 1000;
    yield {
      ...chunk,
      samples,
      startSample,
      speechSamples: Math.min(samples.length, Math.round(chunk.speechSamples / tempo)),
      durationSeconds: samples.length / chunk.sampleRate,
      ...(chunk.words ? { words: chunk.words.map((word) => ({ ...word, start: scale(word.start), end: scale(word.end) })) } : {}),
    };
    startSample += samples.length;
  }
}
