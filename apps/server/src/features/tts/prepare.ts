import { randomUUID } from 'node:crypto';
import { planSpeech, type Mood, type SpeechRequest } from '@sound-studio/audio';
import { PROCESSING_FAILURE_MESSAGES, type SpeechModel, type ttsRequestSchema, type Voice } from '@sound-studio/shared';
import type { z } from 'zod';
import { validationError } from '../../lib/errors.ts';
import { userMediaKey } from '../../lib/media-links.ts';
import { speechErrorToAppError } from '../../lib/speech/speech-errors.ts';
import type { ResolvedVoice, VoiceDirectory } from '../../lib/voice-directory.ts';

export type TtsInput = z.output<typeof ttsRequestSchema>;
/** The generation settings (documents send them as form fields). */
export type TtsSettingsInput = Pick<TtsInput, 'speed' | 'pitch' | 'volume' | 'language' | 'model'>;

export interface SpeechSettings {
  speed: number;
  pitch: number;
  volume: number;
  language: string | null;
  model: SpeechModel;
}

/** A checked generation request: who, what, how, where the file goes and what it costs. */
export interface PreparedSpeech {
  userId: string;
  generationId: string;
  text: string;
  characters: number;
  /** Credits per character of the caller's plan, and what the whole text costs. */
  creditsPerCharacter: number;
  cost: number;
  voice: ResolvedVoice;
  mood: Mood | null;
  settings: SpeechSettings;
  fileKey: string;
}

export const ttsFileKey = (userId: string, generationId: string) => userMediaKey('tts', userId, `${generationId}.mp3`);

export async function resolveVoiceOrFail(voices: VoiceDirectory, voiceId: string, userId: string): Promise<ResolvedVoice> {
  const voice = await voices.resolve(voiceId, userId);
  if (!voice) throw validationError('voiceId', PROCESSING_FAILURE_MESSAGES.voiceNotFound);
  return voice;
}

/** The mood the audio is spoken in: as asked, else a mood id's own, else a group's first mood. */
export function effectiveMood(requested: Mood | undefined, voice: ResolvedVoice): Mood | null {
  return requested ?? voice.impliedMood ?? voice.voice.moods[0]?.mood ?? null;
}

export function engineRequestOf(prepared: Pick<PreparedSpeech, 'voice' | 'mood' | 'settings'>, text: string): SpeechRequest {
  const { speed, pitch, volume, language, model } = prepared.settings;
  return {
    text,
    voice: prepared.voice.engineVoice,
    speed,
    pitch,
    volume,
    model,
    ...(prepared.mood ? { mood: prepared.mood } : {}),
    ...(language ? { language } : {}),
  };
}

/** Checks everything the engine would reject before any credit is held (empty after normalising, bad language...). */
export function assertSpeakable(request: SpeechRequest): void {
  try {
    planSpeech(request);
  } catch (error) {
    throw speechErrorToAppError(error);
  }
}

export interface PrepareOptions {
  voices: VoiceDirectory;
  creditsPerCharacter: number;
  /** The voice when the caller already resolved it (to pick the rate: neural voices have their own). */
  voice?: ResolvedVoice;
}

export async function prepareSpeech(userId: string, input: TtsInput, options: PrepareOptions): Promise<PreparedSpeech> {
  const voice = options.voice ?? (await resolveVoiceOrFail(options.voices, input.voiceId, userId));
  const text = input.text.trim();
  const generationId = randomUUID();
  const prepared: PreparedSpeech = {
    userId,
    generationId,
    text,
    characters: text.length,
    creditsPerCharacter: options.creditsPerCharacter,
    cost: costOf(text.length, options.creditsPerCharacter),
    voice,
    mood: effectiveMood(input.mood, voice),
    settings: settingsOf(input),
    fileKey: ttsFileKey(userId, generationId),
  };
  assertSpeakable(engineRequestOf(prepared, text));
  return prepared;
}

/**
 * Credits per character for a voice: an upstream provider's voices cost the price its operator set in
 * SPEECH_PROVIDERS; the others the caller's plan rate (neural voices have their own).
 */
export async function creditsPerCharacterOf(
  repository: { creditsPerCharacter(userId: string, neural?: boolean): Promise<number> },
  userId: string,
  voice: Voice,
): Promise<number> {
  if (voice.upstream) return voice.upstream.creditsPerCharacter;
  return repository.creditsPerCharacter(userId, voice.neural !== undefined);
}

export function costOf(characters: number, creditsPerCharacter: number): number {
  return Math.ceil(characters * creditsPerCharacter);
}

export function settingsOf(input: TtsSettingsInput): SpeechSettings {
  return { speed: input.speed, pitch: input.pitch, volume: input.volume, language: input.language ?? null, model: input.model };
}
