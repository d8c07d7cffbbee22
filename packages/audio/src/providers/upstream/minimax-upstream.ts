import { SPEECH_MODELS } from '@sound-studio/shared';
import { MiniMaxSpeechEngine } from '../minimax/minimax-engine.ts';
import { SpeechError, type SpeakOptions, type SpeechChunk, type SpeechEngine, type SpeechErrorCode, type SpeechRequest, type SpeechResult } from '../../speech/types.ts';
import { upstreamVoiceIdOf } from './speak-options.ts';
import type { UpstreamEngineOptions, UpstreamVoice } from './types.ts';

/** MiniMax's answers that mean "not now, not for this account": its key, quota, rate and usage limits, its failures. */
const REFUSALS: ReadonlySet<SpeechErrorCode> = new Set(['PROVIDER_AUTH', 'PROVIDER_QUOTA', 'PROVIDER_RATE_LIMIT', 'PROVIDER_USAGE_LIMIT', 'PROVIDER_ERROR']);

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

  async speak(request: SpeechRequest, options?: SpeakOptions): Promise<SpeechResult> {
    try {
      return await this.engine.speak({ ...request, voice: upstreamVoiceIdOf(request) }, options);
    } catch (error) {
      throw this.asUpstreamError(error);
    }
  }

  async *speakStream(request: SpeechRequest, options?: SpeakOptions): AsyncGenerator<SpeechChunk> {
    try {
      yield* this.engine.speakStream({ ...request, voice: upstreamVoiceIdOf(request) }, options);
    } catch (error) {
      throw this.asUpstreamError(error);
    }
  }

  async listVoices(): Promise<UpstreamVoice[]> {
    return [...(this.options.voices ?? [])];
  }

  /**
   * MiniMax's failures in the words every upstream uses: unreachable, too slow, or refusing (its key, its limits, its
   * own failure). Errors about the request itself (text, voice, settings) keep their codes.
   */
  private asUpstreamError(error: unknown): unknown {
    if (!(error instanceof SpeechError)) return error;
    const provider = this.options.name;
    const details = { provider, ...(typeof error.details?.httpStatus === 'number' ? { httpStatus: error.details.httpStatus } : {}) };
    if (error.details?.transport === 'timeout') return new SpeechError('PROVIDER_TIMEOUT', `${provider} did not answer within ${this.options.timeoutMs} ms`, details);
    if (error.details?.transport === 'unreachable') return new SpeechError('PROVIDER_UNAVAILABLE', `${provider} cannot be reached`, details);
    if (REFUSALS.has(error.code)) return new SpeechError('PROVIDER_REFUSED', `${provider} refused the request (${error.code})`, details);
    return error;
  }

  warmUp(): Promise<void> {
    return this.engine.warmUp();
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}
