import {
  findSpeechLanguage,
  getVoice,
  listVoices,
  resolveVoice,
  type CatalogueVoice,
  type InstalledNeuralVoice,
  type Mood,
  type VoiceSpec,
} from '@sound-studio/audio';
import type { Voice } from '@sound-studio/shared';
import type { NeuralVoiceLibrary } from './neural-voices.ts';
import type { UpstreamVoiceLibrary } from './upstream-voices.ts';

/** A voice as a generation needs it: the reply shape, what the engine renders, and a mood implied by a mood id. */
export interface ResolvedVoice {
  voice: Voice;
  /** What the speech engine is given: a catalogue id, or a custom voice's spec. */
  engineVoice: string | VoiceSpec;
  impliedMood: Mood | null;
}

/**
 * Voices a user may see and use beyond the catalogue (the voice-lab issue: designed and cloned voices, visible only
 * to their owner). Plugging one in is the whole change needed for custom voices to appear and to be usable.
 */
export interface CustomVoiceSource {
  list(userId: string): Promise<Voice[]>;
  resolve(idOrName: string, userId: string): Promise<ResolvedVoice | null>;
}

export const voiceArtworkPath = (voiceId: string) => `/api/voices/${encodeURIComponent(voiceId)}/artwork.svg`;
export const voicePreviewPath = (voiceOrMoodId: string) => `/api/voices/${encodeURIComponent(voiceOrMoodId)}/preview.mp3`;

/** The catalogue voice in the spec's Voice shape; a group's moods carry their own previews. */
export function catalogueVoiceToApi(voice: CatalogueVoice): Voice {
  return {
    _id: voice.id,
    name: voice.name,
    description: voice.description,
    gender: voice.gender,
    age: voice.age,
    language: voice.language,
    locale: voice.locale,
    languageName: voice.languageName,
    accent: voice.accent ?? null,
    artwork: voiceArtworkPath(voice.id),
    previewUrl: voicePreviewPath(voice.id),
    audioFile: voicePreviewPath(voice.id),
    isGroup: voice.isGroup,
    moods: voice.moods.map((option) => ({ _id: option.id, mood: option.mood, audioFile: voicePreviewPath(option.id) })),
    groupId: voice.isGroup ? voice.id : null,
    isDefault: voice.isDefault,
    category: 'library',
  };
}

const CATALOGUE: readonly Voice[] = [...listVoices()]
  .sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
  .map(catalogueVoiceToApi);
const CATALOGUE_BY_ID = new Map(CATALOGUE.map((voice) => [voice._id, voice]));

const NEURAL_ACCENTS: Readonly<Record<string, Voice['accent']>> = { 'en-us': 'american', 'en-gb': 'british', 'en-au': 'australian' };

/** An installed neural voice in the library's Voice shape; the web app words its description from `neural`. */
export function neuralVoiceToApi(voice: InstalledNeuralVoice): Voice {
  const language = findSpeechLanguage(voice.language);
  return {
    _id: voice.id,
    name: voice.name,
    description: '',
    gender: voice.gender,
    age: 'adult',
    language: language?.base ?? voice.language.split('-')[0] ?? voice.language,
    locale: voice.language,
    languageName: language?.name ?? voice.language,
    accent: NEURAL_ACCENTS[voice.language.toLowerCase()] ?? null,
    artwork: voiceArtworkPath(voice.id),
    previewUrl: voicePreviewPath(voice.id),
    audioFile: voicePreviewPath(voice.id),
    isGroup: false,
    moods: [],
    groupId: null,
    isDefault: false,
    category: 'library',
    neural: { family: voice.family, model: voice.model, licence: voice.licence, quality: voice.quality },
  };
}

/** What the engine renders for a neural voice: its model, phonemized by the eSpeak NG voice its config names. */
export function neuralEngineVoice(voice: InstalledNeuralVoice): VoiceSpec {
  return { id: voice.id, language: voice.language, espeakVoice: voice.espeakVoice, neural: voice.ref };
}

/**
 * The voice library as the API shows it: the catalogue (default voice first), the installed neural voices, the
 * upstream providers' voices (ids `upstream:<provider>:<id>`), then the caller's own voices.
 */
export class VoiceDirectory {
  constructor(
    private readonly customVoices: CustomVoiceSource | null = null,
    readonly neural: NeuralVoiceLibrary | null = null,
    readonly upstream: UpstreamVoiceLibrary | null = null,
  ) {}

  async list(userId: string | null): Promise<Voice[]> {
    const custom = userId && this.customVoices ? await this.customVoices.list(userId) : [];
    const neural = (this.neural?.voices() ?? []).map(neuralVoiceToApi);
    return [...CATALOGUE, ...neural, ...(this.upstream?.list() ?? []), ...custom];
  }

  /** An id, a mood id or a name (the spec sends grouped voices by name); null when the caller has no such voice. */
  async resolve(idOrName: string, userId: string | null): Promise<ResolvedVoice | null> {
    const found = resolveVoice(idOrName.trim());
    if (found) {
      const voice = CATALOGUE_BY_ID.get(found.voice.id);
      if (voice) return { voice, engineVoice: found.voice.id, impliedMood: found.mood ?? null };
    }
    const neural = this.neural?.find(idOrName.trim());
    if (neural) return { voice: neuralVoiceToApi(neural), engineVoice: neuralEngineVoice(neural), impliedMood: null };
    const upstream = this.upstream?.find(idOrName.trim());
    if (upstream) return { ...upstream, impliedMood: null };
    return userId && this.customVoices ? this.customVoices.resolve(idOrName, userId) : null;
  }
}

/** A catalogue voice or one of its moods, for previews and artwork (public, so catalogue only). */
export function findCatalogueTarget(id: string): { voice: CatalogueVoice; mood: Mood | null } | null {
  const voice = getVoice(id);
  if (voice) return { voice, mood: null };
  const found = resolveVoice(id);
  return found?.mood && found.voice.moods.some((option) => option.id === id) ? { voice: found.voice, mood: found.mood } : null;
}
