import { createRandom } from '../music/random.ts';
import type { Mood } from '../speech/types.ts';
import { findSpeechLanguage } from '../voices/languages.ts';
import type { VoiceCandidate, VoiceDesignParams } from './types.ts';
import { chooseVariant } from './variants.ts';

/** Candidates that share a variant still differ by at least this much pitch, so every preview sounds different. */
const MIN_PITCH_SPREAD = 0.12;
const PITCH_JITTER = 0.06;
const RATE_JITTER = 0.04;

/** The mood whose intonation range is closest to the asked-for liveliness. */
export function moodForDesign(params: Pick<VoiceDesignParams, 'pitchRange' | 'styles'>): Mood {
  if (params.pitchRange <= 0.35) return 'calm';
  if (params.pitchRange >= 0.8) return 'excited';
  if (params.pitchRange >= 0.62 || params.styles.includes('friendly')) return 'happy';
  return 'neutral';
}

/**
 * Distinct preview voices around the designed parameters: the best-fitting variants in order, each with a small
 * seeded pitch and rate variation (the first stays on the parameters). The same seed gives the same candidates.
 */
export function candidateVoices(params: VoiceDesignParams, count = 3, seed = 1): VoiceCandidate[] {
  const random = createRandom(seed);
  const language = findSpeechLanguage(params.language) ?? findSpeechLanguage('en-US');
  const variants = orderedVariants(params);
  const mood = moodForDesign(params);
  const candidates: VoiceCandidate[] = [];
  for (let index = 0; index < count; index++) {
    const variant = variants[index % variants.length] as string;
    const round = Math.floor(index / variants.length);
    // Repeats of a variant (when few fit, e.g. whisper) are spread apart in pitch, alternating up and down.
    const spread = round === 0 ? 0 : MIN_PITCH_SPREAD * Math.ceil(round / 2) * (round % 2 ? 1 : -1);
    const jitter = index === 0 ? 0 : random.range(-PITCH_JITTER, PITCH_JITTER);
    const pitchOffset = clamp(params.pitch + spread + jitter, -1.4, 1.4);
    const rateFactor = clamp(params.rate * (index === 0 ? 1 : 1 + random.range(-RATE_JITTER, RATE_JITTER)), 0.5, 2);
    candidates.push({
      id: `candidate-${index + 1}`,
      voice: {
        language: language?.code ?? params.language,
        espeakVoice: language?.espeakVoice ?? 'en-us',
        variant,
        pitchOffset: round2(pitchOffset),
        rateFactor: round2(rateFactor),
      },
      mood,
      summary: `${variant}, pitch ${signed(pitchOffset)}, rate ×${rateFactor.toFixed(2)}, ${mood}`,
    });
  }
  return candidates;
}

function orderedVariants(params: VoiceDesignParams): string[] {
  const variants = chooseVariant(params.gender, params.age, params.timbre.traits);
  const first = params.timbre.variant;
  return [first, ...variants.filter((variant) => variant !== first)];
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function signed(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(2)}`;
}
