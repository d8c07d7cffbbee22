import { FILE_FAILURE_MESSAGES } from '@sound-studio/shared';
import { resample } from '../../codec/resample.ts';
import { MINIMAX_DEFAULT_BASE_URL, MiniMaxSpeechEngine } from '../../providers/minimax/minimax-engine.ts';
import { toLanguageBoost } from '../../providers/minimax/mapping.ts';
import { MINIMAX_RETRYABLE_STATUS, withMiniMaxRetry, type MiniMaxRetryOptions } from '../../providers/minimax/retry.ts';
import { SpeechError, type SpeechErrorCode, type VoiceSpec } from '../../speech/types.ts';
import type { VoiceIsolator } from '../../isolate/voice-isolator.ts';
import { findSpeechLanguage } from '../../voices/languages.ts';
import { VoiceCloneError, type VoiceCloneErrorCode } from '../errors.ts';
import { prepareCloneSamples } from '../prepare.ts';
import type { ClonedVoice, ClonePreview, CloneSample, VoiceCloneProvider, VoiceCloneRequest } from '../types.ts';
import { validateCloneDurations } from '../validation.ts';
import {
  MINIMAX_CLONE_FILE_RULES,
  MINIMAX_CLONE_PREVIEW_MAX_CHARACTERS,
  MINIMAX_CLONE_STATUS,
  MINIMAX_VOICE_ID_PATTERN,
  type MiniMaxBaseResp,
  type MiniMaxFileUploadReply,
  type MiniMaxVoiceCloneReply,
  type MiniMaxVoiceCloneRequestBody,
} from './wire.ts';

export interface MiniMaxCloneOptions {
  apiKey: string;
  baseUrl?: string;
  /** Older (China) accounts address requests with a GroupId query parameter. */
  groupId?: string;
  /** Encodes the upload and, when asked, removes noise locally before upload. */
  isolator: VoiceIsolator;
  /** MiniMax model that speaks the preview (MINIMAX_SPEECH_MODEL; default: the speech engine's). */
  speechModel?: string;
  timeoutMs?: number;
  /** Backoff for MiniMax's rate limits (1002, 1039). */
  retry?: MiniMaxRetryOptions;
}

export const MINIMAX_CLONE_NOTE = 'Cloned by MiniMax from your samples; it speaks through MiniMax’s text-to-speech under this voice id.';
/** Silence between samples joined into the single file MiniMax clones from. */
const JOIN_GAP_SECONDS = 0.4;

/**
 * MiniMax's voice clone behind the clone interface: the prepared samples are joined into one MP3 (MiniMax clones
 * from one file of 10 s to 5 min), uploaded with purpose voice_clone, then cloned under the request's voice id.
 * Noise reduction and volume normalisation are done here when asked (the same pipeline as the local engine) and also
 * requested from MiniMax. The voice then speaks through `MiniMaxSpeechEngine` via `providerVoiceIds.minimax`.
 *
 * The preview is spoken by MiniMax's text-to-speech with the new voice, not by voice_clone's own `text`/`demo_audio`:
 * MiniMax deletes a cloned voice that no T2A call used within 168 hours, and its reference says voice_clone's demo
 * does not count (and is billed like T2A all the same). One T2A call therefore pays for the preview once and keeps the
 * voice; whatever engine the server speaks with otherwise (eSpeak, say) never stands in for the cloned voice here.
 */
export class MiniMaxVoiceCloneProvider implements VoiceCloneProvider {
  readonly provider = 'minimax' as const;
  private readonly baseUrl: string;

  constructor(private readonly options: MiniMaxCloneOptions) {
    if (!options.apiKey) throw new VoiceCloneError('PROVIDER_AUTH', 'MiniMax needs an API key');
    this.baseUrl = (options.baseUrl ?? MINIMAX_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.speech = new MiniMaxSpeechEngine({
      apiKey: options.apiKey,
      baseUrl: this.baseUrl,
      ...(options.groupId ? { groupId: options.groupId } : {}),
      ...(options.speechModel ? { models: { 'speech-2.5-hd-preview': options.speechModel } } : {}),
      ...(options.retry ? { retry: options.retry } : {}),
    });
  }

  private readonly speech: MiniMaxSpeechEngine;

  async clone(request: VoiceCloneRequest): Promise<ClonedVoice> {
    if (!MINIMAX_VOICE_ID_PATTERN.test(request.voiceId)) {
      throw new VoiceCloneError('INVALID_VOICE_ID', 'Voice ids need 8–256 letters, digits, - or _, starting with a letter and ending with a letter or digit', {
        voiceId: request.voiceId,
      });
    }
    validateCloneDurations(request.samples.map((sample) => ({ ...(sample.name ? { name: sample.name } : {}), durationSeconds: sample.samples.length / sample.sampleRate })));
    const file = await this.cloneFile(request);
    const fileId = await this.upload(file, request.signal);
    await this.createVoice(request, fileId);
    const language = findSpeechLanguage(request.language) ?? findSpeechLanguage('en-US');
    const voice: VoiceSpec = {
      language: language?.code ?? request.language,
      espeakVoice: language?.espeakVoice ?? 'en-us',
      providerVoiceIds: { minimax: request.voiceId },
    };
    const previewText = request.previewText?.trim().slice(0, MINIMAX_CLONE_PREVIEW_MAX_CHARACTERS);
    return {
      provider: 'minimax',
      voiceId: request.voiceId,
      voice,
      mood: 'neutral',
      ...(previewText ? { preview: await this.speakPreview(previewText, voice, request.signal) } : {}),
      note: MINIMAX_CLONE_NOTE,
    };
  }

  /** No preview text: the preview is a T2A call of its own (see the class comment). */
  cloneBody(request: VoiceCloneRequest, fileId: number): MiniMaxVoiceCloneRequestBody {
    return {
      file_id: fileId,
      voice_id: request.voiceId,
      need_noise_reduction: request.removeNoise ?? false,
      need_volume_normalization: request.optimizeAccent ?? false,
      language_boost: toLanguageBoost(request.language),
    };
  }

  /**
   * Clones under the request's id. An id that is the work's own and already taken was made by an earlier attempt of
   * the same work (a job retried after the clone succeeded), so it is taken as done rather than failing with 2039.
   */
  private async createVoice(request: VoiceCloneRequest, fileId: number): Promise<void> {
    let reply: MiniMaxVoiceCloneReply;
    try {
      reply = await this.postJson<MiniMaxVoiceCloneReply>('/v1/voice_clone', this.cloneBody(request, fileId), request.signal);
    } catch (error) {
      if (request.ownsVoiceId && error instanceof VoiceCloneError && error.details.statusCode === MINIMAX_CLONE_STATUS.duplicateVoiceId) return;
      throw error;
    }
    if (isSensitive(reply.input_sensitive)) {
      throw new VoiceCloneError('CONTENT_REJECTED', FILE_FAILURE_MESSAGES.cloneContentRejected, { type: sensitiveType(reply) });
    }
  }

  /** The new voice's first T2A call: the preview, and what keeps the voice past MiniMax's seven days. */
  private async speakPreview(text: string, voice: VoiceSpec, signal: AbortSignal | undefined): Promise<ClonePreview> {
    try {
      const result = await this.speech.speak({ text, voice, language: voice.language, speed: 1, pitch: 0, volume: 1 }, signal ? { signal } : {});
      if (result.format !== 'mp3') throw new VoiceCloneError('PROVIDER_ERROR', 'MiniMax returned no MP3 preview');
      return { kind: 'mp3', bytes: result.bytes, sampleRate: result.sampleRate, durationSeconds: result.durationSeconds };
    } catch (error) {
      if (!(error instanceof SpeechError)) throw error;
      throw new VoiceCloneError(cloneCodeForSpeech(error.code), `The cloned voice could not speak its preview: ${error.message}`, { ...error.details, speechCode: error.code });
    }
  }

  /** The prepared samples joined with short gaps, cut to MiniMax's five minutes, as one MP3. */
  private async cloneFile(request: VoiceCloneRequest): Promise<{ bytes: Uint8Array; name: string }> {
    const prepared = await prepareCloneSamples(request.samples, {
      isolator: this.options.isolator,
      removeNoise: request.removeNoise ?? false,
      optimizeAccent: request.optimizeAccent ?? false,
      ...(request.signal ? { signal: request.signal } : {}),
    });
    const { samples, sampleRate } = joinSamples(prepared, MINIMAX_CLONE_FILE_RULES.maxSeconds);
    const { mp3 } = await this.options.isolator.encode(samples, sampleRate, { formats: ['mp3'], mp3Bitrate: 128, ...(request.signal ? { signal: request.signal } : {}) });
    if (!mp3) throw new VoiceCloneError('PROVIDER_ERROR', 'Could not encode the clone sample');
    return { bytes: mp3, name: `${request.voiceId}.mp3` };
  }

  private async upload(file: { bytes: Uint8Array; name: string }, signal: AbortSignal | undefined): Promise<number> {
    const form = new FormData();
    form.append('purpose', 'voice_clone');
    form.append('file', new Blob([file.bytes], { type: 'audio/mpeg' }), file.name);
    const reply = await this.send<MiniMaxFileUploadReply>('/v1/files/upload', { method: 'POST', body: form }, signal);
    const fileId = reply.file?.file_id;
    if (typeof fileId !== 'number') throw new VoiceCloneError('PROVIDER_ERROR', 'MiniMax returned no file id for the upload');
    return fileId;
  }

  private postJson<Reply extends { base_resp?: MiniMaxBaseResp }>(path: string, body: unknown, signal: AbortSignal | undefined): Promise<Reply> {
    return this.send<Reply>(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }, signal);
  }

  /** Rate-limited requests are retried with backoff: neither an upload nor a clone refused that way did anything. */
  private send<Reply extends { base_resp?: MiniMaxBaseResp }>(path: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Reply> {
    return withMiniMaxRetry(() => this.sendOnce<Reply>(path, init, signal), isRateLimited, this.options.retry, signal);
  }

  private async sendOnce<Reply extends { base_resp?: MiniMaxBaseResp }>(path: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Reply> {
    const url = new URL(`${this.baseUrl}${path}`);
    if (this.options.groupId) url.searchParams.set('GroupId', this.options.groupId);
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 120_000);
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { ...(init.headers as Record<string, string> | undefined), Authorization: `Bearer ${this.options.apiKey}` },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      throw new VoiceCloneError('PROVIDER_ERROR', `MiniMax request failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const reply = (await response.json().catch(() => null)) as Reply | null;
    const status = reply?.base_resp?.status_code;
    if (status !== undefined && status !== MINIMAX_CLONE_STATUS.success) {
      throw new VoiceCloneError(cloneErrorCodeFor(status), `MiniMax error ${status}: ${reply?.base_resp?.status_msg ?? 'unknown'}`, { statusCode: status });
    }
    if (!response.ok || !reply) {
      throw new VoiceCloneError(response.status === 401 ? 'PROVIDER_AUTH' : 'PROVIDER_ERROR', `MiniMax answered HTTP ${response.status}`, { httpStatus: response.status });
    }
    return reply;
  }
}

function isRateLimited(error: unknown): boolean {
  return error instanceof VoiceCloneError && typeof error.details.statusCode === 'number' && MINIMAX_RETRYABLE_STATUS.includes(error.details.statusCode);
}

/** `true`, or an object whose type is not 0; `false`, `{ type: 0 }` and a missing field are "not sensitive". */
function isSensitive(flag: MiniMaxVoiceCloneReply['input_sensitive']): boolean {
  if (typeof flag === 'object' && flag !== null) return (flag.type ?? 0) !== 0;
  return flag === true;
}

function sensitiveType(reply: MiniMaxVoiceCloneReply): number | undefined {
  const flag = reply.input_sensitive;
  return typeof flag === 'object' && flag !== null ? flag.type : reply.input_sensitive_type;
}

function cloneCodeForSpeech(code: SpeechErrorCode): VoiceCloneErrorCode {
  switch (code) {
    case 'PROVIDER_AUTH':
    case 'PROVIDER_QUOTA':
    case 'PROVIDER_RATE_LIMIT':
    case 'PROVIDER_USAGE_LIMIT':
      return code;
    case 'PROVIDER_REJECTED':
    case 'TEXT_UNREADABLE':
      return 'CONTENT_REJECTED';
    default:
      return 'PROVIDER_ERROR';
  }
}

export function cloneErrorCodeFor(statusCode: number): VoiceCloneErrorCode {
  switch (statusCode) {
    case MINIMAX_CLONE_STATUS.authenticationFailed:
    case MINIMAX_CLONE_STATUS.invalidApiKey:
      return 'PROVIDER_AUTH';
    case MINIMAX_CLONE_STATUS.insufficientBalance:
      return 'PROVIDER_QUOTA';
    case MINIMAX_CLONE_STATUS.usageLimitExceeded:
      return 'PROVIDER_USAGE_LIMIT';
    case MINIMAX_CLONE_STATUS.rateLimited:
    case MINIMAX_CLONE_STATUS.tokenRateLimited:
    case MINIMAX_CLONE_STATUS.rateGrowthLimited:
      return 'PROVIDER_RATE_LIMIT';
    case MINIMAX_CLONE_STATUS.duplicateVoiceId:
      return 'VOICE_ID_TAKEN';
    case MINIMAX_CLONE_STATUS.durationOutOfRange:
    case MINIMAX_CLONE_STATUS.invalidSamplesOrVoiceId:
      return 'SAMPLE_REJECTED';
    case MINIMAX_CLONE_STATUS.cloneDisabled:
      return 'PROVIDER_FORBIDDEN';
    case MINIMAX_CLONE_STATUS.inputSensitive:
    case MINIMAX_CLONE_STATUS.outputSensitive:
    case MINIMAX_CLONE_STATUS.asrSimilarityFailed:
    case MINIMAX_CLONE_STATUS.promptSimilarityFailed:
      return 'CONTENT_REJECTED';
    default:
      return 'PROVIDER_ERROR';
  }
}

/** Joins samples at the first one's rate (decodeCloneSample gives them all one rate, so resampling is the exception). */
function joinSamples(input: readonly CloneSample[], maxSeconds: number): { samples: Float32Array; sampleRate: number } {
  const sampleRate = input[0]?.sampleRate ?? 48_000;
  const samples = input.map((sample) => (sample.sampleRate === sampleRate ? sample : { ...sample, samples: resample(sample.samples, sample.sampleRate, sampleRate), sampleRate }));
  const gap = Math.round(JOIN_GAP_SECONDS * sampleRate);
  const limit = Math.round(maxSeconds * sampleRate);
  const total = Math.min(limit, samples.reduce((sum, sample) => sum + sample.samples.length, 0) + gap * (samples.length - 1));
  const joined = new Float32Array(total);
  let offset = 0;
  for (const sample of samples) {
    if (offset >= total) break;
    joined.set(sample.samples.subarray(0, total - offset), offset);
    offset += sample.samples.length + gap;
  }
  return { samples: joined, sampleRate };
}
