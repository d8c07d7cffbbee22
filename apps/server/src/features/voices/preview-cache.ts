import { voicePreviewRequest, type CatalogueVoice, type Mood, type SpeechEngine } from '@sound-studio/audio';
import type { FileStore, StoredFileInfo } from '../../lib/file-store/file-store.ts';
import { renderSpeechToFile } from '../../lib/speech/render-to-file.ts';

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

  async #render(key: string, voice: CatalogueVoice, mood: Mood | undefined): Promise<CachedPreview> {
    const { info } = await renderSpeechToFile(this.engine, voicePreviewRequest(voice, mood), this.files, key);
    return { key, info };
  }
}
