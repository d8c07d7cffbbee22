import type { SpeakOptions, SpeechChunk, SpeechEngine, SpeechRequest, SpeechResult } from './types.ts';

/**
 * An engine that picks, per request, which engine speaks it: `base` unless a subclass routes the voice elsewhere.
 * With `ownsBase` false (tests share one eSpeak engine), closing leaves `base` open.
 */
export abstract class RoutingSpeechEngine implements SpeechEngine {
  constructor(
    protected readonly base: SpeechEngine,
    private readonly options: { ownsBase: boolean },
  ) {}

  get provider(): SpeechEngine['provider'] {
    return this.base.provider;
  }

  speak(request: SpeechRequest, options?: SpeakOptions): Promise<SpeechResult> {
    return this.engineFor(request).speak(request, options);
  }

  speakStream(request: SpeechRequest, options?: SpeakOptions): AsyncIterable<SpeechChunk> {
    return this.engineFor(request).speakStream(request, options);
  }

  warmUp(): Promise<void> {
    return this.base.warmUp();
  }

  async close(): Promise<void> {
    await Promise.all([this.options.ownsBase ? this.base.close() : undefined, ...this.routedEngines().map((engine) => engine.close())]);
  }

  /** The engine that speaks this request. */
  protected abstract engineFor(request: SpeechRequest): SpeechEngine;

  /** The engines besides `base` this one has started, closed with it. */
  protected abstract routedEngines(): SpeechEngine[];
}
