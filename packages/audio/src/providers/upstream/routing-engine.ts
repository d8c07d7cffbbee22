import { RoutingSpeechEngine } from '../../speech/routing-engine.ts';
import { SpeechError, type SpeechEngine, type SpeechRequest } from '../../speech/types.ts';
import type { UpstreamVoice } from './types.ts';

/** An upstream engine: speaks like any engine, and lists the voices it offers. */
export interface UpstreamSpeechEngine extends SpeechEngine {
  listVoices(signal?: AbortSignal): Promise<UpstreamVoice[]>;
}

/**
 * Sends voices tagged `upstream` to their provider's engine and everything else to `base` (the local engines).
 */
export class UpstreamRoutingSpeechEngine extends RoutingSpeechEngine {
  constructor(
    base: SpeechEngine,
    private readonly upstreams: ReadonlyMap<string, SpeechEngine>,
    options: { ownsBase: boolean } = { ownsBase: true },
  ) {
    super(base, options);
  }

  protected routedEngines(): SpeechEngine[] {
    return [...this.upstreams.values()];
  }

  protected engineFor(request: SpeechRequest): SpeechEngine {
    const upstream = typeof request.voice === 'string' ? undefined : request.voice.upstream;
    if (!upstream) return this.base;
    const engine = this.upstreams.get(upstream.provider);
    // A voice of a provider taken out of SPEECH_PROVIDERS since the voice was chosen.
    if (!engine) throw new SpeechError('UNKNOWN_VOICE', `No speech provider is configured as ${upstream.provider}`, { provider: upstream.provider });
    return engine;
  }
}
