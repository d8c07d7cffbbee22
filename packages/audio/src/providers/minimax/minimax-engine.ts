import { parseMp3Frames, wholeMp3Frames } from '../../codec/mp3-frames.ts';
import { resolveModel } from '../../speech/models.ts';
import { DEFAULT_SPEECH_LIMITS, validateRequest, type SpeechLimits } from '../../speech/plan.ts';
import {
  SpeechError,
  type SpeechModel,
  type SpeakOptions,
  type SpeechChunk,
  type SpeechEngine,
  type SpeechRequest,
  type SpeechResult,
  type VoiceSpec,
} from '../../speech/types.ts';
import { resolveVoice } from '../../voices/catalogue.ts';
import type { VoiceGender } from '../../voices/types.ts';
import {
  MINIMAX_EMOTION_BY_MOOD,
  MINIMAX_MODEL_BY_SPEECH_MODEL,
  speechErrorCodeFor,
  toLanguageBoost,
  toMiniMaxPitch,
  toMiniMaxVolume,
} from './mapping.ts';
import { MINIMAX_RETRYABLE_STATUS, withMiniMaxRetry, type MiniMaxRetryOptions } from './retry.ts';
import type { MiniMaxEmotion, MiniMaxSpeechReplyBody, MiniMaxSpeechRequestBody } from './wire.ts';

export const MINIMAX_DEFAULT_BASE_URL = 'https://api.minimax.io';

export interface MiniMaxEngineOptions {
  apiKey: string;
  baseUrl?: string;
  /** Older (China) accounts address requests with a GroupId query parameter. */
  groupId?: string;
  /** Catalogue voice id -> MiniMax voice id, overriding the catalogue's own mapping. */
  voiceIds?: Record<string, string>;
  sampleRate?: number;
  /** Bits per second, as MiniMax expects (128000). */
  bitrate?: number;
  /** MiniMax model per model id of ours, over MINIMAX_MODEL_BY_SPEECH_MODEL (MINIMAX_SPEECH_MODEL sets the default's). */
  models?: Partial<Record<SpeechModel, string>>;
  timeoutMs?: number;
  /** Backoff for MiniMax's rate limits (1002, 1039). */
  retry?: MiniMaxRetryOptions;
  limits?: Partial<SpeechLimits>;
}

/** Voices without a MiniMax counterpart use a stock voice of the same gender. */
const FALLBACK_VOICE_BY_GENDER: Readonly<Record<VoiceGender, string>> = {
  female: 'English_Graceful_Lady',
  male: 'English_Insightful_Speaker',
  neutral: 'Friendly_Person',
};

/**
 * MiniMax's cloud text-to-speech behind the same interface as the local engine. It returns MP3 as MiniMax encodes
 * it (`format: 'mp3'`), with one sentence boundary spanning the whole text because the API gives none. `speakStream`
 * uses MiniMax's stream mode, so the first audio goes out while the rest is still being synthesised.
 */
export class MiniMaxSpeechEngine implements SpeechEngine {
  readonly provider = 'minimax' as const;
  private readonly baseUrl: string;
  private readonly limits: SpeechLimits;

  constructor(private readonly options: MiniMaxEngineOptions) {
    if (!options.apiKey) throw new SpeechError('PROVIDER_AUTH', 'MiniMax needs an API key');
    this.baseUrl = (options.baseUrl ?? MINIMAX_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.limits = { ...DEFAULT_SPEECH_LIMITS, ...options.limits };
  }

  async speak(request: SpeechRequest, options?: SpeakOptions): Promise<SpeechResult> {
    validateRequest(request, this.limits);
    refuseLocalOnlySettings(request);
    const model = resolveModel(request.model);
    const body = this.requestBody(request, this.miniMaxModel(model));
    const signal = options?.signal;
    const reply = await this.retrying(async () => parseReply(await this.post(body, signal)), signal);
    const bytes = decodeHexAudio(reply.data?.audio, reply.trace_id);
    const sampleRate = reply.extra_info?.audio_sample_rate ?? body.audio_setting.sample_rate;
    const durationSeconds = reply.extra_info?.audio_length !== undefined
      ? reply.extra_info.audio_length / 1000
      : parseMp3Frames(bytes).durationSeconds;
    return {
      format: 'mp3',
      bytes,
      sampleRate,
      durationSeconds,
      sentences: [{ text: request.text, startSample: 0, endSample: Math.round(durationSeconds * sampleRate) }],
      provider: this.provider,
      model,
    };
  }

  /**
   * MiniMax's stream mode (`stream: true`): server-sent events whose pieces carry hex MP3 cut anywhere. Each chunk
   * yielded is the whole frames received so far, so its duration is exact. The text rides on the first chunk: MiniMax
   * counts a request's characters as a whole (extra_info.usage_characters), so a listener who leaves after the first
   * audio has used all of them.
   * A rate limit is retried only before any audio went out (MiniMax answers it before the first piece).
   */
  async *speakStream(request: SpeechRequest, options?: SpeakOptions): AsyncGenerator<SpeechChunk> {
    validateRequest(request, this.limits);
    const model = resolveModel(request.model);
    const body: MiniMaxSpeechRequestBody = {
      ...this.requestBody(request, this.miniMaxModel(model)),
      stream: true,
      // The last event would otherwise repeat the whole audio we already have.
      stream_options: { exclude_aggregated_audio: true },
    };
    const signal = options?.signal;
    const response = await this.retrying(() => this.openStream(body, signal), signal);
    let carry: Uint8Array = new Uint8Array(0);
    let index = 0;
    let startSample = 0;
    let sampleRate = body.audio_setting.sample_rate;
    const chunkOf = (bytes: Uint8Array, samples: number): SpeechChunk => {
      const chunk: SpeechChunk = {
        format: 'mp3', bytes, index, kind: 'sentence', text: index === 0 ? request.text : '', sampleRate, startSample,
        speechSamples: samples, durationSeconds: samples / sampleRate,
      };
      index += 1;
      startSample += samples;
      return chunk;
    };
    try {
      for await (const event of serverSentEvents(response, signal)) {
        const reply = parseEvent(event);
        // The last event (status 2) has only extra_info and, if MiniMax ignored exclude_aggregated_audio, a copy.
        if (reply.data?.status === 2) break;
        if (!reply.data?.audio) continue;
        const piece = decodeHexAudio(reply.data.audio, reply.trace_id);
        const joined = concat(carry, piece);
        const whole = wholeMp3Frames(joined);
        carry = joined.slice(whole.length);
        if (whole.length === 0) continue;
        sampleRate = whole.sampleRate ?? sampleRate;
        yield chunkOf(joined.slice(0, whole.length), whole.samples);
      }
    } catch (error) {
      if (signal?.aborted) throw new SpeechError('ABORTED', 'Speech synthesis was aborted');
      throw error;
    }
    if (carry.length > 0) yield chunkOf(carry, 0);
    if (index === 0) throw new SpeechError('PROVIDER_ERROR', 'MiniMax streamed no audio');
  }

  async warmUp(): Promise<void> {}

  async close(): Promise<void> {}

  /** The MiniMax model our model id speaks with. */
  miniMaxModel(model: SpeechModel): string {
    return this.options.models?.[model] ?? MINIMAX_MODEL_BY_SPEECH_MODEL[model];
  }

  requestBody(request: SpeechRequest, model: string): MiniMaxSpeechRequestBody {
    return {
      model,
      text: request.text,
      stream: false,
      voice_setting: {
        voice_id: this.voiceIdFor(request.voice),
        speed: request.speed,
        vol: toMiniMaxVolume(request.volume),
        pitch: toMiniMaxPitch(request.pitch),
        ...emotionFor(request),
      },
      audio_setting: {
        sample_rate: this.options.sampleRate ?? 32000,
        bitrate: this.options.bitrate ?? 128000,
        format: 'mp3',
        channel: 1,
      },
      ...(request.language ? { language_boost: toLanguageBoost(request.language) } : {}),
    };
  }

  /** Configured mapping, then the catalogue's MiniMax id, then a stock voice; unknown strings are MiniMax ids. */
  private voiceIdFor(voice: VoiceSpec | string): string {
    const id = typeof voice === 'string' ? voice : voice.id;
    const configured = id ? this.options.voiceIds?.[id] : undefined;
    if (configured) return configured;
    if (typeof voice !== 'string' && voice.providerVoiceIds?.minimax) return voice.providerVoiceIds.minimax;
    const found = id ? resolveVoice(id) : undefined;
    if (found) return found.voice.engine.providerVoiceIds?.minimax ?? FALLBACK_VOICE_BY_GENDER[found.voice.gender];
    if (typeof voice === 'string') return voice;
    throw new SpeechError('UNKNOWN_VOICE', 'This voice has no MiniMax voice id', { voice: voice.id });
  }

  private retrying<T>(attempt: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    return withMiniMaxRetry(attempt, isRateLimited, this.options.retry, signal);
  }

  private async post(body: MiniMaxSpeechRequestBody, signal: AbortSignal | undefined): Promise<Response> {
    const url = new URL(`${this.baseUrl}/v1/t2a_v2`);
    if (this.options.groupId) url.searchParams.set('GroupId', this.options.groupId);
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 60_000);
    try {
      return await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.options.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw new SpeechError('ABORTED', 'Speech synthesis was aborted');
      // `transport` lets SPEECH_PROVIDERS tell a slow MiniMax from an unreachable one (MiniMaxUpstreamEngine).
      throw new SpeechError('PROVIDER_ERROR', `MiniMax request failed: ${error instanceof Error ? error.message : String(error)}`, {
        transport: timeout.aborted ? 'timeout' : 'unreachable',
      });
    }
  }

  /** A stream that started (event-stream), or the error MiniMax answered with instead (JSON, HTTP 200 or not). */
  private async openStream(body: MiniMaxSpeechRequestBody, signal: AbortSignal | undefined): Promise<Response> {
    const response = await this.post(body, signal);
    if (response.ok && (response.headers.get('content-type') ?? '').includes('text/event-stream')) return response;
    await parseReply(response);
    throw new SpeechError('PROVIDER_ERROR', 'MiniMax did not answer with a stream', { httpStatus: response.status });
  }
}

function isRateLimited(error: unknown): boolean {
  return error instanceof SpeechError && typeof error.details?.statusCode === 'number' && MINIMAX_RETRYABLE_STATUS.includes(error.details.statusCode);
}

/** A JSON reply, or the SpeechError its base_resp or HTTP status stands for. */
async function parseReply(response: Response): Promise<MiniMaxSpeechReplyBody> {
  const reply = (await response.json().catch(() => null)) as MiniMaxSpeechReplyBody | null;
  throwIfFailed(reply);
  if (!response.ok || !reply) {
    throw new SpeechError(response.status === 401 ? 'PROVIDER_AUTH' : 'PROVIDER_ERROR', `MiniMax answered HTTP ${response.status}`, {
      httpStatus: response.status,
    });
  }
  return reply;
}

function throwIfFailed(reply: MiniMaxSpeechReplyBody | null): void {
  const status = reply?.base_resp?.status_code;
  if (status !== undefined && status !== 0) {
    throw new SpeechError(speechErrorCodeFor(status), `MiniMax error ${status}: ${reply?.base_resp?.status_msg ?? 'unknown'}`, {
      statusCode: status,
      traceId: reply?.trace_id,
    });
  }
}

/** One stream event's JSON; an error in mid-stream comes as an event with a non-zero base_resp. */
function parseEvent(data: string): MiniMaxSpeechReplyBody {
  let reply: MiniMaxSpeechReplyBody;
  try {
    reply = JSON.parse(data) as MiniMaxSpeechReplyBody;
  } catch {
    throw new SpeechError('PROVIDER_ERROR', 'MiniMax sent a stream event that is not JSON');
  }
  throwIfFailed(reply);
  return reply;
}

/** The `data:` payloads of a text/event-stream body, one per event. */
async function* serverSentEvents(response: Response, signal: AbortSignal | undefined): AsyncGenerator<string> {
  if (!response.body) return;
  const decoder = new TextDecoder();
  let buffered = '';
  const reader = response.body.getReader();
  try {
    for (;;) {
      if (signal?.aborted) throw new SpeechError('ABORTED', 'Speech synthesis was aborted');
      const { done, value } = await reader.read();
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const events = buffered.split(/\r?\n\r?\n/);
      buffered = done ? '' : (events.pop() ?? '');
      for (const event of events) {
        const data = event.split(/\r?\n/).filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trimStart()).join('\n');
        if (data) yield data;
      }
      if (done) return;
    }
  } catch (error) {
    if (error instanceof SpeechError) throw error;
    throw new SpeechError('PROVIDER_ERROR', `MiniMax stream failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    // Leaving early (a consumer that stopped, an abort) must not keep the connection open.
    await reader.cancel().catch(() => undefined);
  }
}

function concat(first: Uint8Array, second: Uint8Array): Uint8Array {
  if (first.length === 0) return second;
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first);
  joined.set(second, first.length);
  return joined;
}

/** An explicit mood, else a grouped voice's first mood; otherwise MiniMax picks the emotion itself (the UI's "Auto"). */
function emotionFor(request: SpeechRequest): { emotion?: MiniMaxEmotion } {
  const voiceId = typeof request.voice === 'string' ? request.voice : request.voice.id;
  const found = voiceId ? resolveVoice(voiceId) : undefined;
  const mood = request.mood ?? found?.mood ?? found?.voice.moods[0]?.mood;
  const emotion = mood ? MINIMAX_EMOTION_BY_MOOD[mood] : null;
  return emotion ? { emotion } : {};
}

function decodeHexAudio(hex: string | undefined, traceId: string | undefined): Uint8Array {
  if (!hex || hex.length % 2 !== 0 || !/^[0-9a-f]+$/i.test(hex)) {
    throw new SpeechError('PROVIDER_ERROR', 'MiniMax returned no audio', { traceId });
  }
  return new Uint8Array(Buffer.from(hex, 'hex'));
}

/** Settings only the local engine can honour: MiniMax's API has no equivalent, so they are refused, not dropped. */
function refuseLocalOnlySettings(request: SpeechRequest): void {
  const settings: Array<[string, boolean]> = [
    ['seed', request.seed !== undefined],
    ['stability', request.stability !== undefined],
    ['normalizeText', request.normalizeText === false],
  ];
  const unsupported = settings.find(([, set]) => set)?.[0];
  if (unsupported) throw new SpeechError('INVALID_SETTING', `The MiniMax speech provider does not support ${unsupported}`, { setting: unsupported });
}
