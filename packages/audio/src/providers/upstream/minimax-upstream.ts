import { SPEECH_MODELS } from '@sound-studio/shared';
import { MiniMaxSpeechEngine } from '../minimax/minimax-engine.ts';
import type { SpeakOptions, SpeechChunk, SpeechEngine, SpeechRequest, SpeechResult } from '../../speech/types.ts';
import { upstreamVoiceIdOf } from './speak-options.ts';
import type { UpstreamEngineOptions, UpstreamVoice } from './types.ts';

/**
 * MiniMax behind SPEECH_PROVIDERS: the existing adapter, given the provider's own voice id. MiniMax's voice listing
 * is not read; its voices come from the operator's `voices` list.
 */
export class MiniMaxUpstreamEngine implements SpeechEngine {
  readonly provider = 'minimax' as const;
  private readonly engine: MiniMaxSpeechEngine;

  constructor(private readonly options: UpstreamEngineOptions & { groupId?: string }) {
    this.engine = new MiniMaxSpeechEngine({
      apiKey: options.apiKey,
      timeoutMs: options.timeoutMs,
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      ...(options.groupId ? { groupId: options.groupId } : {}),
      // The operator's model answers for every model id of ours.
      ...(options.model ? { models: Object.fromEntries(SPEECH_MODELS.map((model) => [model, options.model])) } : {}),
    });
  }

  speak(request: SpeechRequest, options?: SpeakOptions): Promise<SpeechResult> {
    return this.engine.speak({ ...request, voice: upstreamVoiceIdOf(request) }, options);
  }

  speakStream(request: SpeechRequest, options?: SpeakOptions): AsyncIterable<SpeechChunk> {
    return this.engine.speakStream({ ...request, voice: upstreamVoiceIdOf(request) }, options);
  }

  async listVoices(): Promise<UpstreamVoice[]> {
    return [...(this.options.voices ?? [])];
  }

  warmUp(): Promise<void> {
    return this.engine.warmUp();
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}
