import { parseMp3Frames } from '../../codec/mp3-frames.ts';
import { resolveModel } from '../../speech/models.ts';
import { DEFAULT_SPEECH_LIMITS, validateRequest, type SpeechLimits } from '../../speech/plan.ts';
import {
  SpeechError,
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
  timeoutMs?: number;
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
 * it (`format: 'mp3'`), with one sentence boundary spanning the whole text because the synchronous API gives none.
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
    const body = this.requestBody(request, MINIMAX_MODEL_BY_SPEECH_MODEL[model]);
    const reply = await this.post(body, options?.signal);
    const bytes = decodeHexAudio(reply);
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

  /** The synchronous API returns the whole file at once, so the stream has a single chunk. */
  async *speakStream(request: SpeechRequest, options?: SpeakOptions): AsyncGenerator<SpeechChunk> {
    const result = await this.speak(request, options);
    if (result.format !== 'mp3') return;
    yield {
      format: 'mp3',
      bytes: result.bytes,
      index: 0,
      kind: 'sentence',
      text: request.text,
      sampleRate: result.sampleRate,
      startSample: 0,
      speechSamples: Math.round(result.durationSeconds * result.sampleRate),
      durationSeconds: result.durationSeconds,
    };
  }

  async warmUp(): Promise<void> {}

  async close(): Promise<void> {}

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

  private async post(body: MiniMaxSpeechRequestBody, signal: AbortSignal | undefined): Promise<MiniMaxSpeechReplyBody> {
    const url = new URL(`${this.baseUrl}/v1/t2a_v2`);
    if (this.options.groupId) url.searchParams.set('GroupId', this.options.groupId);
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 60_000);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.options.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw new SpeechError('ABORTED', 'Speech synthesis was aborted');
      throw new SpeechError('PROVIDER_ERROR', `MiniMax request failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const reply = (await response.json().catch(() => null)) as MiniMaxSpeechReplyBody | null;
    const status = reply?.base_resp?.status_code;
    if (status !== undefined && status !== 0) {
      throw new SpeechError(speechErrorCodeFor(status), `MiniMax error ${status}: ${reply?.base_resp?.status_msg ?? 'unknown'}`, {
        statusCode: status,
        traceId: reply?.trace_id,
      });
    }
    if (!response.ok || !reply) {
      throw new SpeechError(response.status === 401 ? 'PROVIDER_AUTH' : 'PROVIDER_ERROR', `MiniMax answered HTTP ${response.status}`, {
        httpStatus: response.status,
      });
    }
    return reply;
  }
}

/** An explicit mood, else a grouped voice's first mood; otherwise MiniMax picks the emotion itself (the UI's "Auto"). */
function emotionFor(request: SpeechRequest): { emotion?: MiniMaxEmotion } {
  const voiceId = typeof request.voice === 'string' ? request.voice : request.voice.id;
  const found = voiceId ? resolveVoice(voiceId) : undefined;
  const mood = request.mood ?? found?.mood ?? found?.voice.moods[0]?.mood;
  return mood ? { emotion: MINIMAX_EMOTION_BY_MOOD[mood] } : {};
}

function decodeHexAudio(reply: MiniMaxSpeechReplyBody): Uint8Array {
  const hex = reply.data?.audio;
  if (!hex || hex.length % 2 !== 0 || !/^[0-9a-f]+$/i.test(hex)) {
    throw new SpeechError('PROVIDER_ERROR', 'MiniMax returned no audio', { traceId: reply.trace_id });
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
