import type { SpeechRequest } from '@sound-studio/audio';
import { TTS_LANGUAGES, VOICE_SETTING_LIMITS, type TtsLanguage } from '@sound-studio/shared';
import { z } from 'zod';
import { validationError } from '../../../lib/errors.ts';
import type { TtsInput } from '../prepare.ts';
import { ELEVENLABS_TEXT_MAX_LENGTH, modelOfElevenLabs } from './elevenlabs-models.ts';
import { DEFAULT_ELEVENLABS_OUTPUT_FORMAT, ELEVENLABS_OUTPUT_FORMATS } from './elevenlabs-output-formats.ts';
import { speedPlanOf } from './speech-tempo.ts';

/** A query flag as ElevenLabs' SDK sends it ("true" / "false"). */
export const queryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** ElevenLabs' largest seed (an unsigned 32-bit integer). */
const MAX_SEED = 4_294_967_295;

export const elevenLabsSpeechBodySchema = z.object({
  text: z.string().min(1, 'text is required').max(ELEVENLABS_TEXT_MAX_LENGTH),
  model_id: z.string().max(100).nullish(),
  language_code: z.string().max(20).nullish(),
  voice_settings: z
    .object({
      stability: z.number().min(0).max(1).nullish(),
      similarity_boost: z.number().min(0).max(1).nullish(),
      style: z.number().min(0).max(1).nullish(),
      use_speaker_boost: z.boolean().nullish(),
      speed: z.number().min(0.25).max(4).nullish(),
    })
    .nullish(),
  seed: z.number().int().min(0).max(MAX_SEED).nullish(),
  previous_text: z.string().max(ELEVENLABS_TEXT_MAX_LENGTH).nullish(),
  next_text: z.string().max(ELEVENLABS_TEXT_MAX_LENGTH).nullish(),
  previous_request_ids: z.array(z.string().max(100)).max(3).nullish(),
  next_request_ids: z.array(z.string().max(100)).max(3).nullish(),
  apply_text_normalization: z.enum(['auto', 'on', 'off']).nullish(),
  apply_language_text_normalization: z.boolean().nullish(),
  pronunciation_dictionary_locators: z.array(z.object({ pronunciation_dictionary_id: z.string(), version_id: z.string().nullish() })).max(3).nullish(),
  use_pvc_as_ivc: z.boolean().nullish(),
  audio_effects: z.unknown().optional(),
});
export type ElevenLabsSpeechBody = z.infer<typeof elevenLabsSpeechBodySchema>;

export const elevenLabsSpeechQuerySchema = z.object({
  output_format: z.string().max(40).default(DEFAULT_ELEVENLABS_OUTPUT_FORMAT).describe(`One of ${ELEVENLABS_OUTPUT_FORMATS.join(', ')}`),
  enable_logging: queryFlag.default(true).describe('false: charged, but neither the text nor the audio is kept in history'),
  optimize_streaming_latency: z.coerce
    .number()
    .int()
    .min(0)
    .max(4)
    .nullish()
    .describe('0 renders the first sentence whole; 1–4 (and by default) its first words are rendered and sent first'),
});
export type ElevenLabsSpeechQuery = z.infer<typeof elevenLabsSpeechQuerySchema>;

/** What an ElevenLabs request asks of our engine beyond the text-to-speech input. */
export interface ElevenLabsSpeech {
  input: TtsInput;
  engine: Pick<SpeechRequest, 'seed' | 'stability' | 'normalizeText'>;
  tempo: number;
  keep: boolean;
  lowLatency: boolean;
}

/** ElevenLabs' own defaults: a setting at its default asks for the voice as it is, which is what we speak. */
const VOICE_SETTING_DEFAULTS = { similarity_boost: 0.75, style: 0, use_speaker_boost: true } as const;

/** Voice settings our engines have no control for are refused unless they are at ElevenLabs' default. */
function refuseUnsupportedVoiceSettings(settings: ElevenLabsSpeechBody['voice_settings']): void {
  for (const [name, byDefault] of Object.entries(VOICE_SETTING_DEFAULTS)) {
    const value = settings?.[name as keyof typeof VOICE_SETTING_DEFAULTS];
    if (value !== undefined && value !== null && value !== byDefault) {
      throw validationError(`voice_settings.${name}`, `voice_settings.${name} is not supported by this server's voices: omit it or send ${String(byDefault)}`);
    }
  }
}

/** Fields that ask for something our engines cannot do are refused, never accepted and ignored. */
function refuseUnsupportedFields(body: ElevenLabsSpeechBody): void {
  const unsupported: Array<[string, boolean, string]> = [
    ['previous_text', Boolean(body.previous_text), 'request stitching is not supported: send each text on its own'],
    ['next_text', Boolean(body.next_text), 'request stitching is not supported: send each text on its own'],
    ['previous_request_ids', Boolean(body.previous_request_ids?.length), 'request stitching is not supported'],
    ['next_request_ids', Boolean(body.next_request_ids?.length), 'request stitching is not supported'],
    ['pronunciation_dictionary_locators', Boolean(body.pronunciation_dictionary_locators?.length), 'pronunciation dictionaries are not supported'],
    ['apply_language_text_normalization', body.apply_language_text_normalization === true, 'language text normalization is not supported'],
    ['use_pvc_as_ivc', body.use_pvc_as_ivc === true, 'professional voice clones are not supported'],
    ['audio_effects', body.audio_effects !== undefined && body.audio_effects !== null, 'audio effects are not supported'],
  ];
  const refused = unsupported.find(([, present]) => present);
  if (refused) throw validationError(refused[0], `${refused[0]}: ${refused[2]}`);
}

function languageOf(code: string | null | undefined): TtsLanguage | undefined {
  if (!code) return undefined;
  const language = TTS_LANGUAGES.find((supported) => supported === code.trim().toLowerCase());
  if (!language) throw validationError('language_code', `language_code '${code}' is not supported. Use one of: ${TTS_LANGUAGES.join(', ')}`);
  return language;
}

/**
 * An ElevenLabs request as ours: speed (time-stretched beyond the engine's range), stability (intonation range), seed
 * (deterministic rendering), language_code (the phonemizer's language), apply_text_normalization and enable_logging
 * are honoured; what we cannot honour is refused with 422.
 */
export function elevenLabsSpeechOf(voiceId: string, body: ElevenLabsSpeechBody, query: ElevenLabsSpeechQuery): ElevenLabsSpeech {
  refuseUnsupportedFields(body);
  refuseUnsupportedVoiceSettings(body.voice_settings);
  const speed = speedPlanOf(body.voice_settings?.speed ?? 1);
  const language = languageOf(body.language_code);
  const stability = body.voice_settings?.stability;
  return {
    input: {
      text: body.text,
      voiceId,
      speed: speed.engineSpeed,
      pitch: VOICE_SETTING_LIMITS.pitch.default,
      volume: VOICE_SETTING_LIMITS.volume.default,
      model: modelOfElevenLabs(body.model_id),
      ...(language ? { language } : {}),
    },
    engine: {
      ...(body.seed !== undefined && body.seed !== null ? { seed: body.seed } : {}),
      ...(stability !== undefined && stability !== null ? { stability } : {}),
      ...(body.apply_text_normalization === 'off' ? { normalizeText: false } : {}),
    },
    tempo: speed.tempo,
    keep: query.enable_logging,
    lowLatency: query.optimize_streaming_latency !== 0,
  };
}
