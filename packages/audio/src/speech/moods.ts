import type { Mood } from './types.ts';

/** How a mood shapes eSpeak's prosody. Multipliers are relative to the neutral reading. */
export interface MoodProsody {
  /** Multiplies the speaking rate. */
  rate: number;
  /** Shifts eSpeak's base pitch (0–99 scale). */
  pitchShift: number;
  /** eSpeak pitch range (0–99): how far intonation moves around the base pitch. */
  pitchRange: number;
  /** Linear loudness factor. */
  gain: number;
}

/**
 * Calm and sad speak slower, lower and flatter; excited, happy and angry faster with wider intonation.
 * Angry keeps a moderate pitch but is loudest; sad is quietest.
 */
export const MOOD_PROSODY: Readonly<Record<Mood, MoodProsody>> = {
  neutral: { rate: 1, pitchShift: 0, pitchRange: 50, gain: 1 },
  calm: { rate: 0.9, pitchShift: -4, pitchRange: 32, gain: 0.9 },
  sad: { rate: 0.8, pitchShift: -10, pitchRange: 22, gain: 0.8 },
  happy: { rate: 1.08, pitchShift: 7, pitchRange: 72, gain: 1.05 },
  excited: { rate: 1.2, pitchShift: 12, pitchRange: 88, gain: 1.12 },
  angry: { rate: 1.1, pitchShift: 3, pitchRange: 68, gain: 1.2 },
};

export function moodProsody(mood: Mood | undefined): MoodProsody {
  return MOOD_PROSODY[mood ?? 'neutral'];
}
