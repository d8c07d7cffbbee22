import { listVoices, voicePreviewRequest, type CatalogueVoice, type InstalledNeuralVoice, type Mood, type SpeechEngine, type SpeechRequest } from '@sound-studio/audio';
import type { FileStore, StoredFileInfo } from '../../lib/file-store/file-store.ts';
import { renderSpeechToFile } from '../../lib/speech/render-to-file.ts';
import { neuralEngineVoice } from '../../lib/voice-directory.ts';

/** Bump when the engine's sound changes enough that cached previews should be made again. */
const PREVIEW_VERSION = 'v1';

export interface CachedPreview {
  key: string;
  info: StoredFileInfo;
}

/**
 * Voice previews, rendered once in the voice's own language and kept on disk (per provider, so switching providers
 * never serves another engine's audio). Concurrent first requests for one preview share a single synthesis.
 */
export class VoicePreviewCache {
  readonly #rendering = new Map<string, Promise<CachedPreview>>();

  constructor(
    private readonly files: FileStore,
    private readonly engine: SpeechEngine,
  ) {}

  /** A grouped voice without a mood is its first mood, so both ids share one file. */
  async preview(voice: CatalogueVoice, mood: Mood | null): Promise<CachedPreview> {
    const moodOption = mood ? voice.moods.find((option) => option.mood === mood) : voice.moods[0];
    const key = `previews/${this.engine.provider}/${PREVIEW_VERSION}/${moodOption?.id ?? voice.id}.mp3`;
    const info = await this.files.stat(key);
    if (info) return { key, info };
    let rendering = this.#rendering.get(key);
    if (!rendering) {
      rendering = this.#render(key, voice, moodOption?.mood).finally(() => this.#rendering.delete(key));
      this.#rendering.set(key, rendering);
    }
    return rendering;
  }

  /**
   * An installed neural voice's preview, in its language (the catalogue's preview sentence for it). The file name
   * carries the model's modification time, so a replaced model gets a new preview.
   */
  async neuralPreview(voice: InstalledNeuralVoice, modelMtimeMs: number): Promise<CachedPreview> {
    const key = `previews/neural/${voice.id}-${Math.round(modelMtimeMs)}.mp3`;
    const info = await this.files.stat(key);
    if (info) return { key, info };
    return this.#once(key, () => this.#renderRequest(key, neuralPreviewRequest(voice)));
  }

  #once(key: string, render: () => Promise<CachedPreview>): Promise<CachedPreview> {
    let rendering = this.#rendering.get(key);
    if (!rendering) {
      rendering = render().finally(() => this.#rendering.delete(key));
      this.#rendering.set(key, rendering);
    }
    return rendering;
  }

  #render(key: string, voice: CatalogueVoice, mood: Mood | undefined): Promise<CachedPreview> {
    return this.#renderRequest(key, voicePreviewRequest(voice, mood));
  }

  async #renderRequest(key: string, request: SpeechRequest): Promise<CachedPreview> {
    const { info } = await renderSpeechToFile(this.engine, request, this.files, key);
    return { key, info };
  }
}

const FALLBACK_PREVIEW_TEXT = 'Hello! This is how I sound. I can read your stories, lessons and announcements.';

function neuralPreviewRequest(voice: InstalledNeuralVoice): SpeechRequest {
  const base = voice.language.split('-')[0]?.toLowerCase();
  const sameLanguage = listVoices().find((candidate) => candidate.locale.toLowerCase() === voice.language.toLowerCase()) ??
    listVoices().find((candidate) => candidate.language === base);
  return { text: sameLanguage?.previewText ?? FALLBACK_PREVIEW_TEXT, voice: neuralEngineVoice(voice), speed: 1, pitch: 0, volume: 1 };
}
