import type { Voice } from '@sound-studio/shared';
import { z } from 'zod';
import type { GenerationRow } from '../repository.ts';

export const elevenLabsVoiceSchema = z.object({
  voice_id: z.string(),
  name: z.string(),
  category: z.enum(['premade', 'cloned']),
  description: z.string().nullable(),
  labels: z.record(z.string(), z.string()),
  preview_url: z.string(),
  samples: z.null(),
  settings: z.null(),
  available_for_tiers: z.array(z.string()),
  high_quality_base_model_ids: z.array(z.string()),
  is_owner: z.boolean(),
});
export type ElevenLabsVoice = z.infer<typeof elevenLabsVoiceSchema>;

/** A library voice is ElevenLabs' "premade"; the caller's designed and cloned voices are "cloned" and theirs. */
export function elevenLabsVoiceOf(voice: Voice, origin: string): ElevenLabsVoice {
  const own = voice.category === 'custom';
  return {
    voice_id: voice._id,
    name: voice.name,
    category: own ? 'cloned' : 'premade',
    description: voice.description,
    labels: { gender: voice.gender, age: voice.age, language: voice.language, accent: voice.accent ?? '' },
    // Upstream providers' voices have no preview of ours.
    preview_url: voice.previewUrl ? `${origin}${voice.previewUrl}` : '',
    samples: null,
    settings: null,
    available_for_tiers: [],
    high_quality_base_model_ids: [],
    is_owner: own,
  };
}

/** What /v2/voices filters on, as its query names them. */
export interface VoiceSearch {
  search?: string;
  category?: string;
  voiceType?: string;
  gender?: string;
  age?: string;
  language?: string;
  accent?: string;
  voiceIds?: readonly string[];
}

/** voice_type: "personal" and "non-default" are the caller's own voices, "default" the library; others match none. */
function matchesVoiceType(voice: ElevenLabsVoice, voiceType: string): boolean {
  if (voiceType === 'personal' || voiceType === 'non-default' || voiceType === 'workspace') return voice.is_owner;
  if (voiceType === 'default') return !voice.is_owner;
  return false;
}

export function matchesVoiceSearch(voice: ElevenLabsVoice, query: VoiceSearch): boolean {
  const text = query.search?.trim().toLowerCase();
  if (text && !`${voice.name} ${voice.description ?? ''}`.toLowerCase().includes(text)) return false;
  if (query.category && voice.category !== query.category) return false;
  if (query.voiceType && !matchesVoiceType(voice, query.voiceType)) return false;
  if (query.voiceIds?.length && !query.voiceIds.includes(voice.voice_id)) return false;
  const labels: Array<[string, string | undefined]> = [
    ['gender', query.gender],
    ['age', query.age],
    ['language', query.language],
    ['accent', query.accent],
  ];
  return labels.every(([label, wanted]) => !wanted || voice.labels[label]?.toLowerCase() === wanted.toLowerCase());
}

export const elevenLabsHistoryItemSchema = z.object({
  history_item_id: z.string(),
  request_id: z.string(),
  voice_id: z.string(),
  voice_name: z.string(),
  voice_category: z.enum(['premade', 'cloned']),
  model_id: z.string(),
  text: z.string(),
  date_unix: z.number().int(),
  character_count_change_from: z.number().int(),
  character_count_change_to: z.number().int(),
  content_type: z.string(),
  state: z.string(),
  source: z.literal('TTS'),
  settings: z.record(z.string(), z.unknown()),
  output_format: z.string(),
  audio_url: z.string(),
});
export type ElevenLabsHistoryItem = z.infer<typeof elevenLabsHistoryItemSchema>;

/** Sources in ElevenLabs' history filter; all of ours is text to speech ("TTS"). */
export const HISTORY_SOURCES = ['TTS', 'STS', 'Flows'] as const;

/** The history copy is always the MP3 (whatever format the call asked for), hence its content type and format. */
export function elevenLabsHistoryItemOf(row: GenerationRow, audioUrl: string, custom: boolean): ElevenLabsHistoryItem {
  return {
    history_item_id: row.id,
    request_id: row.id,
    voice_id: row.voiceId,
    voice_name: row.voiceName,
    voice_category: custom ? 'cloned' : 'premade',
    model_id: row.model,
    text: row.text,
    date_unix: Math.floor(row.createdAt.getTime() / 1000),
    character_count_change_from: 0,
    character_count_change_to: row.characters,
    content_type: 'audio/mpeg',
    state: 'created',
    source: 'TTS',
    settings: { speed: row.speed, pitch: row.pitch, volume: row.volume, language: row.language, mood: row.mood },
    output_format: 'mp3_22050_128',
    audio_url: audioUrl,
  };
}
