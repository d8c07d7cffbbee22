import type { SpeechModel } from '@sound-studio/shared';
import { baseLanguage } from '../../speech/normalize/normalize.ts';
import type { Mood, SpeechErrorCode } from '../../speech/types.ts';
import { MINIMAX_STATUS, type MiniMaxEmotion } from './wire.ts';

/** Our model ids are the spec's; MiniMax retired the 1.5 name, so it maps to its successor. */
export const MINIMAX_MODEL_BY_SPEECH_MODEL: Readonly<Record<SpeechModel, string>> = {
  'speech-2.5-hd-preview': 'speech-2.5-hd-preview',
  'speech-1.5-hd-preview': 'speech-02-hd',
};

/** MiniMax has no "excited": surprised is its most energetic emotion. Calm maps to neutral, which every model accepts. */
export const MINIMAX_EMOTION_BY_MOOD: Readonly<Record<Mood, MiniMaxEmotion>> = {
  neutral: 'neutral',
  calm: 'neutral',
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
    case MINIMAX_STATUS.rateLimited:
    case MINIMAX_STATUS.tokenRateLimited:
      return 'PROVIDER_RATE_LIMIT';
    default:
      return 'PROVIDER_ERROR';
  }
}
