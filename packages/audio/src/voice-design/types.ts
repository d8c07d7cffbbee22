import type { Mood, VoiceSpec } from '../speech/types.ts';
import type { VoiceAccent, VoiceAge, VoiceGender } from '../voices/types.ts';

/** Qualities a description can ask of a voice's timbre. */
export const TIMBRE_TRAITS = ['deep', 'warm', 'bright', 'breathy', 'raspy', 'whisper', 'smooth', 'nasal'] as const;
export type TimbreTrait = (typeof TIMBRE_TRAITS)[number];

/** Delivery styles a description can ask for. */
export const DELIVERY_STYLES = ['calm', 'energetic', 'narrator', 'dramatic', 'friendly', 'serious', 'playful', 'gentle'] as const;
export type DeliveryStyle = (typeof DELIVERY_STYLES)[number];

/** What a voice description means for the local engine. */
export interface VoiceDesignParams {
  gender: VoiceGender;
  age: VoiceAge;
  /** Pitch offset on the speech request's -1..1 scale (0 = the variant's own pitch). */
  pitch: number;
  /** Intonation liveliness 0..1 (0.5 = ordinary reading; low is flat, high is animated). */
  pitchRange: number;
  /** Speaking-rate multiplier (1 = normal). */
  rate: number;
  timbre: { variant: string; traits: TimbreTrait[] };
  styles: DeliveryStyle[];
  /** BCP 47 language the voice speaks. */
  language: string;
  accent: VoiceAccent | null;
  /** Words and phrases of the description that were understood, as written. */
  keywords: string[];
}

/** One preview voice for the Generate button: the engine spec plus the mood whose intonation fits. */
export interface VoiceCandidate {
  id: string;
  voice: VoiceSpec;
  mood: Mood;
  /** Short technical summary (variant, pitch, rate) for logs and tooltips. */
  summary: string;
}
