import type { VoiceDesignParams, VoiceTimbreCharacter } from '@sound-studio/shared';

/** How one candidate sounds next to its siblings, in words the card can show. */
export interface CandidateDifference {
  pitch: 'higher' | 'slightlyHigher' | 'middle' | 'slightlyLower' | 'lower';
  pace: 'faster' | 'slightlyFaster' | 'even' | 'slightlySlower' | 'slower';
  /** 1-based: candidates with the same timbre (eSpeak variant) share a number. */
  timbre: number;
  /** The timbre's character in one word, when the server said it. */
  character: VoiceTimbreCharacter | null;
}

/** Below these the ear hardly tells the difference. */
const PITCH_STEP = 0.04;
const PITCH_CLEAR = 0.15;
const PACE_STEP = 0.02;
const PACE_CLEAR = 0.06;

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
}

function pitchWord(offset: number): CandidateDifference['pitch'] {
  if (offset >= PITCH_CLEAR) return 'higher';
  if (offset >= PITCH_STEP) return 'slightlyHigher';
  if (offset <= -PITCH_CLEAR) return 'lower';
  if (offset <= -PITCH_STEP) return 'slightlyLower';
  return 'middle';
}

function paceWord(ratio: number): CandidateDifference['pace'] {
  if (ratio >= 1 + PACE_CLEAR) return 'faster';
  if (ratio >= 1 + PACE_STEP) return 'slightlyFaster';
  if (ratio <= 1 - PACE_CLEAR) return 'slower';
  if (ratio <= 1 - PACE_STEP) return 'slightlySlower';
  return 'even';
}

/**
 * The three candidates share gender, age and language, so their chips alone look identical: what differs is the
 * pitch, the pace and the timbre each was given, described against the set's average.
 */
export function candidateDifferences(candidates: readonly Pick<VoiceDesignParams, 'pitch' | 'rate' | 'variant' | 'timbre'>[]): CandidateDifference[] {
  const averagePitch = mean(candidates.map((candidate) => candidate.pitch));
  const averageRate = mean(candidates.map((candidate) => candidate.rate));
  const timbres = [...new Set(candidates.map((candidate) => candidate.variant))];
  return candidates.map((candidate) => ({
    pitch: pitchWord(candidate.pitch - averagePitch),
    pace: paceWord(averageRate > 0 ? candidate.rate / averageRate : 1),
    timbre: timbres.indexOf(candidate.variant) + 1,
    character: candidate.timbre ?? null,
  }));
}
