import { SpeechError, type SpeakOptions, type SpeechChunk, type SpeechEngine, type SpeechRequest, type SpeechResult } from '../../speech/types.ts';
import type { UpstreamVoice } from './types.ts';

/** An upstream engine: speaks like any engine, and lists the voices it offers. */
export interface UpstreamSpeechEngine extends SpeechEngine {
  listVoices(signal?: AbortSignal): Promise<UpstreamVoice[]>;
}

/**
 * Sends voices tagged `upstream` to their provider's engine and everything else to `base` (the local engines).
 * With `ownsBase` false (tests share one eSpeak engine), closing leaves `base` open.
 */
export class UpstreamRoutingSpeechEngine implements SpeechEngine {
  constructor(
    private readonly base: SpeechEngine,
    private readonly upstreams: ReadonlyMap<string, SpeechEngine>,
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
    await Promise.all([this.options.ownsBase ? this.base.close() : undefined, ...[...this.upstreams.values()].map((engine) => engine.close())]);
  }

  #engineFor(request: SpeechRequest): SpeechEngine {
    const upstream = typeof request.voice === 'string' ? undefined : request.voice.upstream;
    if (!upstream) return this.base;
    const engine = this.upstreams.get(upstream.provider);
    // A voice of a provider taken out of SPEECH_PROVIDERS since the voice was chosen.
    if (!engine) throw new SpeechError('UNKNOWN_VOICE', `No speech provider is configured as ${upstream.provider}`, { provider: upstream.provider });
    return engine;
  }
}
