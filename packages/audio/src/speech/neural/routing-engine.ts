import { RoutingSpeechEngine } from '../routing-engine.ts';
import type { SpeechEngine, SpeechRequest, VoiceSpec } from '../types.ts';

/** True when the request names an installed neural voice. */
export function isNeuralVoice(voice: VoiceSpec | string): boolean {
  return typeof voice !== 'string' && voice.neural !== undefined;
}

/**
 * Sends requests for installed neural voices to the neural engine (created on first such request, so a studio without
 * models never starts its threads) and everything else to the configured engine (eSpeak NG or a cloud provider).
 */
export class NeuralRoutingSpeechEngine extends RoutingSpeechEngine {
  #neural: SpeechEngine | null = null;

  constructor(
    base: SpeechEngine,
    private readonly createNeural: () => SpeechEngine,
    options: { ownsBase: boolean } = { ownsBase: true },
  ) {
    super(base, options);
  }

  protected routedEngines(): SpeechEngine[] {
    return this.#neural ? [this.#neural] : [];
  }

  protected engineFor(request: SpeechRequest): SpeechEngine {
    if (!isNeuralVoice(request.voice)) return this.base;
    this.#neural ??= this.createNeural();
    return this.#neural;
  }
}
