import { SPEECH_MODELS, type SpeechModel } from '@sound-studio/shared';
import { z } from 'zod';
import { validationError } from '../../../lib/errors.ts';

/** The longest text one ElevenLabs-style request may speak. */
export const ELEVENLABS_TEXT_MAX_LENGTH = 5000;

/** ElevenLabs' speech models, mapped to ours: the fast ones to our quick model, the rest to our best. */
export const ELEVENLABS_MODEL_ALIASES: Readonly<Record<string, SpeechModel>> = {
  eleven_multilingual_v2: 'speech-2.5-hd-preview',
  eleven_v3: 'speech-2.5-hd-preview',
  eleven_multilingual_v1: 'speech-2.5-hd-preview',
  eleven_monolingual_v1: 'speech-2.5-hd-preview',
  eleven_flash_v2_5: 'speech-1.5-hd-preview',
  eleven_flash_v2: 'speech-1.5-hd-preview',
  eleven_turbo_v2_5: 'speech-1.5-hd-preview',
  eleven_turbo_v2: 'speech-1.5-hd-preview',
};

/** ElevenLabs' default model when a request names none. */
const DEFAULT_ELEVENLABS_MODEL = 'eleven_multilingual_v2';

const ELEVENLABS_MODEL_IDS: readonly string[] = [...Object.keys(ELEVENLABS_MODEL_ALIASES), ...SPEECH_MODELS];

/** An ElevenLabs model id (or one of ours) as our model; an id we do not know is refused, as ElevenLabs does. */
export function modelOfElevenLabs(modelId: string | undefined | null): SpeechModel {
  const id = modelId ?? DEFAULT_ELEVENLABS_MODEL;
  const found = ELEVENLABS_MODEL_ALIASES[id] ?? SPEECH_MODELS.find((own) => own === id);
  if (!found) throw validationError('model_id', `Unknown model_id '${id}'. Use one of: ${ELEVENLABS_MODEL_IDS.join(', ')}`);
  return found;
}

export const elevenLabsModelSchema = z.object({
  model_id: z.string(),
  name: z.string(),
  description: z.string(),
  can_do_text_to_speech: z.boolean(),
  can_do_voice_conversion: z.boolean(),
  can_be_finetuned: z.boolean(),
  can_use_style: z.boolean(),
  can_use_speaker_boost: z.boolean(),
  serves_pro_voices: z.boolean(),
  token_cost_factor: z.number(),
  requires_alpha_access: z.boolean(),
  max_characters_request_free_user: z.number().int(),
  max_characters_request_subscribed_user: z.number().int(),
  maximum_text_length_per_request: z.number().int(),
  languages: z.array(z.object({ language_id: z.string(), name: z.string() })),
});
export type ElevenLabsModel = z.infer<typeof elevenLabsModelSchema>;

export interface ModelLanguage {
  language_id: string;
  name: string;
}

/** GET /v1/models for ElevenLabs callers: every id text to speech accepts, each saying which of our models speaks it. */
export function elevenLabsModels(languages: readonly ModelLanguage[], maxTextLength: number): ElevenLabsModel[] {
  return ELEVENLABS_MODEL_IDS.map((id) => {
    const model = modelOfElevenLabs(id);
    return {
      model_id: id,
      name: id,
      description: id === model ? `Sound Studio ${model}` : `Spoken by Sound Studio's ${model}`,
      can_do_text_to_speech: true,
      can_do_voice_conversion: false,
      can_be_finetuned: false,
      can_use_style: false,
      can_use_speaker_boost: false,
      serves_pro_voices: false,
      token_cost_factor: 1,
      requires_alpha_access: false,
      max_characters_request_free_user: maxTextLength,
      max_characters_request_subscribed_user: maxTextLength,
      maximum_text_length_per_request: maxTextLength,
      languages: [...languages],
    };
  });
}
