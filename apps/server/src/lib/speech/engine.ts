import {
  createSpeechEngine,
  SpeechError,
  type SpeakOptions,
  type SpeechChunk,
  type SpeechEngine,
  type SpeechProviderName,
  type SpeechRequest,
  type SpeechResult,
} from '@sound-studio/audio';
import { DEFAULT_SPEECH_MODEL } from '@sound-studio/shared';
import type { SpeechConfig } from '../../config.ts';

/** The engine SPEECH_PROVIDER selects: the local eSpeak NG worker pool or MiniMax's API. */
export function createConfiguredSpeechEngine(config: SpeechConfig): SpeechEngine {
  if (config.provider === 'minimax') {
    return createSpeechEngine({
      provider: 'minimax',
      apiKey: config.apiKey,
      ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
      ...(config.groupId ? { groupId: config.groupId } : {}),
      ...(config.model ? { models: { [DEFAULT_SPEECH_MODEL]: config.model } } : {}),
    });
  }
  // A server's warm-up (main.ts, at start-up) runs the engine up to its full speed before the first users arrive.
  return createSpeechEngine({ provider: 'local', warmUp: 'steady', ...(config.workers ? { workers: config.workers } : {}) });
}

/**
 * Creates the real engine on first use, so building the app (every test, every CLI call) costs nothing until speech
 * is actually needed. main.ts calls `warmUp()` at start-up so the first request does not wait for the workers.
 */
export class LazySpeechEngine implements SpeechEngine {
  #engine: SpeechEngine | null = null;
  #closed = false;

  constructor(
    readonly provider: SpeechProviderName,
    private readonly create: () => SpeechEngine,
  ) {}

  speak(request: SpeechRequest, options?: SpeakOptions): Promise<SpeechResult> {
    return this.#instance().speak(request, options);
  }

  speakStream(request: SpeechRequest, options?: SpeakOptions): AsyncIterable<SpeechChunk> {
    return this.#instance().speakStream(request, options);
  }

  warmUp(): Promise<void> {
    return this.#instance().warmUp();
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#engine?.close();
  }

  #instance(): SpeechEngine {
    if (this.#closed) throw new SpeechError('ENGINE_CLOSED', 'The speech engine is closed');
    this.#engine ??= this.create();
    return this.#engine;
  }
}
