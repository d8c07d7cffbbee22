import type { SpeakOptions, SpeechChunk, SpeechEngine, SpeechRequest, SpeechResult, VoiceSpec } from '../types.ts';

/** True when the request names an installed neural voice. */
export function isNeuralVoice(voice: VoiceSpec | string): boolean {
  return typeof voice !== 'string' && voice.neural !== undefined;
}

/**
 * Sends requests for installed neural voices to the neural engine (created on first such request, so a studio without
 * models never starts its threads) and everything else to the configured engine (eSpeak NG or a cloud provider).
 */
export class NeuralRoutingSpeechEngine implements SpeechEngine {
  #neural: SpeechEngine | null = null;

  constructor(
    private readonly base: SpeechEngine,
    private readonly createNeural: () => SpeechEngine,
    private readonly options: { ownsBase: boolean } = { ownsBase: true },
  ) {}

  get provider(): SpeechEngine['provider'] {
    return this.base.provider;
  }

  speak(request: SpeechRequest, options?: SpeakOptions): Promise<SpeechResult> {
    return this.#engineFor(request).speak(request, options);
  }

  speakStream(request: SpeechRequest, options?: SpeakOptions): AsyncIterable<SpeechChunk> {
    return this.#engineFor(request).speakStream(request, options);
  }

  warmUp(): Promise<void> {
    return this.base.warmUp();
  }

  async close(): Promise<void> {
    await Promise.all([this.options.ownsBase ? this.base.close() : undefined, this.#neural?.close()]);
  }

  #engineFor(request: SpeechRequest): SpeechEngine {
    if (!isNeuralVoice(request.voice)) return this.base;
    this.#neural ??= this.createNeural();
    return this.#neural;
  }
}
