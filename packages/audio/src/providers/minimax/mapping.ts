import type { SpeechModel } from '@sound-studio/shared';
import { baseLanguage } from '../../speech/normalize/normalize.ts';
import type { Mood, SpeechErrorCode } from '../../speech/types.ts';
import { MINIMAX_STATUS, type MiniMaxEmotion, type MiniMaxSpeechModel } from './wire.ts';

/**
 * Our model ids are the spec's names, not MiniMax's: MiniMax's reference lists neither "2.5-hd-preview" nor "1.5", so
 * our newer model speaks with its current HD model and the older with speech-02-hd. MINIMAX_SPEECH_MODEL overrides the
 * first (see MiniMaxEngineOptions.models).
 */
export const MINIMAX_MODEL_BY_SPEECH_MODEL: Readonly<Record<SpeechModel, MiniMaxSpeechModel>> = {
  'speech-2.5-hd-preview': 'speech-2.8-hd',
  'speech-1.5-hd-preview': 'speech-02-hd',
};

/**
 * Our moods as MiniMax's documented emotions. It has no "excited" (surprised is its most energetic) and no "neutral":
 * a neutral mood sends no emotion, which leaves the delivery to the model.
 */
export const MINIMAX_EMOTION_BY_MOOD: Readonly<Record<Mood, MiniMaxEmotion | null>> = {
  neutral: null,
  calm: 'calm',
  happy: 'happy',
  excited: 'surprised',
  sad: 'sad',
  angry: 'angry',
};

/** Our pitch -1..1 to MiniMax's integer semitones -12..12. */
export function toMiniMaxPitch(pitch: number): number {
  return Math.max(-12, Math.min(12, Math.round(pitch * 12)));
}

/** Our linear volume 0–1 to MiniMax's vol (0, 10]; it rejects 0, so silence becomes its quietest setting. */
export function toMiniMaxVolume(volume: number): number {
  return Math.max(0.01, Math.min(10, Math.round(volume * 100) / 100));
}

const LANGUAGE_BOOST: Readonly<Record<string, string>> = {
  en: 'English', tr: 'Turkish', es: 'Spanish', fr: 'French', de: 'German', it: 'Italian', pt: 'Portuguese',
  ru: 'Russian', ar: 'Arabic', zh: 'Chinese', yue: 'Chinese,Yue', ja: 'Japanese', ko: 'Korean', nl: 'Dutch',
  pl: 'Polish', uk: 'Ukrainian', vi: 'Vietnamese', id: 'Indonesian', th: 'Thai', hi: 'Hindi',
};

export function toLanguageBoost(language: string): string {
  return LANGUAGE_BOOST[baseLanguage(language)] ?? 'auto';
}

export function speechErrorCodeFor(statusCode: number): SpeechErrorCode {
  switch (statusCode) {
    case MINIMAX_STATUS.authenticationFailed:
    case MINIMAX_STATUS.invalidApiKey:
      return 'PROVIDER_AUTH';
    case MINIMAX_STATUS.insufficientBalance:
      return 'PROVIDER_QUOTA';
    case MINIMAX_STATUS.usageLimitExceeded:
      return 'PROVIDER_USAGE_LIMIT';
    case MINIMAX_STATUS.rateLimited:
    case MINIMAX_STATUS.tokenRateLimited:
      return 'PROVIDER_RATE_LIMIT';
    case MINIMAX_STATUS.sensitiveInput:
    case MINIMAX_STATUS.sensitiveOutput:
      return 'PROVIDER_REJECTED';
    case MINIMAX_STATUS.invalidCharacters:
      return 'TEXT_UNREADABLE';
    case MINIMAX_STATUS.voiceNotUsable:
      return 'PROVIDER_VOICE_UNAVAILABLE';
    case MINIMAX_STATUS.invalidParameters:
      return 'PROVIDER_INVALID_REQUEST';
    default:
      return 'PROVIDER_ERROR';
  }
}
