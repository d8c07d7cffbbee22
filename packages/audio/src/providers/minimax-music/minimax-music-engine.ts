import { parseMp3Frames } from '../../codec/mp3-frames.ts';
import { coverArtSvg } from '../../music/artwork.ts';
import { validateMusicRequest, type MusicEngine, type MusicRequest, type MusicResult } from '../../music/engine.ts';
import { MusicError, type MusicErrorCode } from '../../music/errors.ts';
import { planFromPrompt } from '../../music/plan.ts';
import { newSeed } from '../../music/random.ts';
import { MINIMAX_RETRYABLE_STATUS, withMiniMaxRetry, type MiniMaxRetryOptions } from '../minimax/retry.ts';
import {
  MINIMAX_INSTRUMENTAL_MODELS, MINIMAX_MUSIC_STATUS, type MiniMaxMusicReplyBody, type MiniMaxMusicRequestBody, type MiniMaxOutputFormat,
} from './wire.ts';

export const MINIMAX_MUSIC_DEFAULT_BASE_URL = 'https://api.minimax.io';
/** The current model, and the one that can make instrumentals (prompt-only requests). */
export const MINIMAX_MUSIC_DEFAULT_MODEL = 'music-2.6';

/** The models MiniMax documents is_instrumental for: music-2.6, and any later `music-2.6-…` variant of it. */
export function supportsInstrumental(model: string): boolean {
  return MINIMAX_INSTRUMENTAL_MODELS.some((listed) => model === listed || model.startsWith(`${listed}-`));
}

export interface MiniMaxMusicEngineOptions {
  apiKey: string;
  baseUrl?: string;
  model?: string;
  /** hex: audio inline in the JSON; url: a link the adapter downloads right away. */
  outputFormat?: MiniMaxOutputFormat;
  /** Bits per second, as MiniMax expects. */
  bitrate?: number;
  timeoutMs?: number;
  /** Backoff for MiniMax's rate limits (1002, 1039). */
  retry?: MiniMaxRetryOptions;
}

/**
 * MiniMax's cloud music generation behind the music interface. The plan still comes from our composer (for the
 * artwork, title and tags); the audio is MiniMax's MP3 as delivered. MiniMax chooses the length itself, so the
 * result reports the duration it actually returned.
 */
export class MiniMaxMusicEngine implements MusicEngine {
  readonly provider = 'minimax' as const;
  private readonly baseUrl: string;

  constructor(private readonly options: MiniMaxMusicEngineOptions) {
    if (!options.apiKey) throw new MusicError('PROVIDER_AUTH', 'MiniMax needs an API key');
    this.baseUrl = (options.baseUrl ?? MINIMAX_MUSIC_DEFAULT_BASE_URL).replace(/\/+$/, '');
  }

  async generate(request: MusicRequest): Promise<MusicResult> {
    validateMusicRequest(request);
    const body = this.requestBody(request);
    const seed = request.seed ?? newSeed();
    const plan = planFromPrompt(request.prompt, { durationSeconds: request.durationSeconds, seed, ...(request.lyrics ? { lyrics: request.lyrics } : {}) });
    request.onProgress?.({ stage: 'request', fraction: 0.05 });
    const reply = await withMiniMaxRetry(() => this.post(body, request.signal), isRateLimited, this.options.retry, request.signal);
    request.onProgress?.({ stage: 'download', fraction: 0.8 });
    const mp3 = await this.audioFrom(reply, request.signal);
    request.onProgress?.({ stage: 'download', fraction: 1 });
    const durationSeconds = reply.extra_info?.music_duration !== undefined
      ? reply.extra_info.music_duration / 1000
      : parseMp3Frames(mp3).durationSeconds;
    return { provider: 'minimax', seed, plan, mp3, durationSeconds, artworkSvg: coverArtSvg(plan, seed) };
  }

  /**
   * The request MiniMax documents for this model. Without lyrics only music-2.6 models can be asked for an
   * instrumental; music-1.5 refuses a request without lyrics and the other 2.x models would write and sing their own,
   * so a prompt-only request to them fails here, before anything is paid, naming the setting to change.
   */
  requestBody(request: MusicRequest): MiniMaxMusicRequestBody {
    const lyrics = request.lyrics?.trim();
    const model = this.options.model ?? MINIMAX_MUSIC_DEFAULT_MODEL;
    if (!lyrics && !supportsInstrumental(model)) {
      throw new MusicError('INVALID_REQUEST', `MiniMax's ${model} needs lyrics; set MINIMAX_MUSIC_MODEL to a music-2.6 model for instrumentals`, { model });
    }
    return {
      model,
      prompt: request.prompt.trim(),
      ...(lyrics ? { lyrics } : { is_instrumental: true }),
      audio_setting: { sample_rate: 44100, bitrate: this.options.bitrate ?? 256000, format: 'mp3' },
      output_format: this.options.outputFormat ?? 'hex',
    };
  }

  async close(): Promise<void> {}

  private async post(body: MiniMaxMusicRequestBody, signal: AbortSignal | undefined): Promise<MiniMaxMusicReplyBody> {
    const response = await this.fetch(`${this.baseUrl}/v1/music_generation`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${this.options.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }, signal);
    const reply = (await response.json().catch(() => null)) as MiniMaxMusicReplyBody | null;
    const status = reply?.base_resp?.status_code;
    if (status !== undefined && status !== MINIMAX_MUSIC_STATUS.success) {
      const message = status === MINIMAX_MUSIC_STATUS.sensitiveInput || status === MINIMAX_MUSIC_STATUS.sensitiveOutput
        ? 'Prompt was rejected. Please try with a different prompt.'
        : `MiniMax error ${status}: ${reply?.base_resp?.status_msg ?? 'unknown'}`;
      throw new MusicError(musicErrorCodeFor(status), message, { statusCode: status, statusMessage: reply?.base_resp?.status_msg, traceId: reply?.trace_id });
    }
    if (!response.ok || !reply) {
      throw new MusicError(response.status === 401 ? 'PROVIDER_AUTH' : 'PROVIDER_ERROR', `MiniMax answered HTTP ${response.status}`, { httpStatus: response.status });
    }
    return reply;
  }

  private async audioFrom(reply: MiniMaxMusicReplyBody, signal: AbortSignal | undefined): Promise<Uint8Array> {
    const audio = reply.data?.audio;
    if (!audio) throw new MusicError('PROVIDER_ERROR', 'MiniMax returned no audio', { traceId: reply.trace_id });
    if (/^https?:\/\//i.test(audio)) {
      const response = await this.fetch(audio, { method: 'GET' }, signal);
      if (!response.ok) throw new MusicError('PROVIDER_ERROR', `Downloading MiniMax audio failed with HTTP ${response.status}`, { httpStatus: response.status });
      return new Uint8Array(await response.arrayBuffer());
    }
    if (audio.length % 2 !== 0 || !/^[0-9a-f]+$/i.test(audio)) {
      throw new MusicError('PROVIDER_ERROR', 'MiniMax returned audio that is neither hex nor a URL', { traceId: reply.trace_id });
    }
    return new Uint8Array(Buffer.from(audio, 'hex'));
  }

  private async fetch(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
    // Songs take a while to generate: minutes, not seconds.
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 300_000);
    try {
      return await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    } catch (error) {
      if (signal?.aborted) throw new MusicError('ABORTED', 'Music generation was aborted');
      throw new MusicError('PROVIDER_ERROR', `MiniMax request failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function isRateLimited(error: unknown): boolean {
  return error instanceof MusicError && typeof error.details?.statusCode === 'number' && MINIMAX_RETRYABLE_STATUS.includes(error.details.statusCode);
}

export function musicErrorCodeFor(status: number): MusicErrorCode {
  switch (status) {
    case MINIMAX_MUSIC_STATUS.rateLimited:
    case MINIMAX_MUSIC_STATUS.tokenRateLimited:
      return 'PROVIDER_RATE_LIMIT';
    case MINIMAX_MUSIC_STATUS.authenticationFailed:
    case MINIMAX_MUSIC_STATUS.invalidApiKey:
      return 'PROVIDER_AUTH';
    case MINIMAX_MUSIC_STATUS.insufficientBalance:
      return 'PROVIDER_BALANCE';
    case MINIMAX_MUSIC_STATUS.usageLimitExceeded:
      return 'PROVIDER_USAGE_LIMIT';
    case MINIMAX_MUSIC_STATUS.sensitiveInput:
    case MINIMAX_MUSIC_STATUS.sensitiveOutput:
      return 'PROVIDER_REJECTED';
    case MINIMAX_MUSIC_STATUS.invalidParameters:
    case MINIMAX_MUSIC_STATUS.invalidCharacters:
      return 'INVALID_REQUEST';
    default:
      return 'PROVIDER_ERROR';
  }
}
