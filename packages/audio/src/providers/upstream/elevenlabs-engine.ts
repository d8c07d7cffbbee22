import { resolveModel } from '../../speech/models.ts';
import { DEFAULT_SPEECH_LIMITS, validateRequest } from '../../speech/plan.ts';
import { SpeechError, type SpeakOptions, type SpeechChunk, type SpeechEngine, type SpeechRequest, type SpeechResult } from '../../speech/types.ts';
import { collectResult, speechChunksOf, type UpstreamAudio } from './audio-chunks.ts';
import { bodyPieces, jsonOf, upstreamFetch, type UpstreamCall } from './http.ts';
import { genderOf } from './openai-compatible-engine.ts';
import { upstreamVoiceIdOf } from './speak-options.ts';
import type { UpstreamEngineOptions, UpstreamVoice } from './types.ts';

export const ELEVENLABS_DEFAULT_BASE_URL = 'https://api.elevenlabs.io';
export const ELEVENLABS_DEFAULT_MODEL = 'eleven_multilingual_v2';
/** ElevenLabs' documented range for voice_settings.speed. */
const ELEVENLABS_SPEED = { min: 0.7, max: 1.2 } as const;
const PCM_SAMPLE_RATE = 24_000;

/**
 * ElevenLabs' text to speech: `POST /v1/text-to-speech/{voice_id}/stream` with `xi-api-key`, MP3
 * (`mp3_44100_128`) or raw PCM (`pcm_24000`) as the output needs; voices from `GET /v1/voices`.
 */
export class ElevenLabsSpeechEngine implements SpeechEngine {
  readonly provider = 'elevenlabs' as const;
  private readonly baseUrl: string;

  constructor(private readonly options: UpstreamEngineOptions) {
    this.baseUrl = (options.baseUrl ?? ELEVENLABS_DEFAULT_BASE_URL).replace(/\/+$/, '');
  }

  async speak(request: SpeechRequest, options?: SpeakOptions): Promise<SpeechResult> {
    return collectResult(this.speakStream(request, options), request.text, this.provider, resolveModel(request.model));
  }

  async *speakStream(request: SpeechRequest, options?: SpeakOptions): AsyncGenerator<SpeechChunk> {
    validateRequest(request, DEFAULT_SPEECH_LIMITS);
    const audio: UpstreamAudio = options?.audio === 'pcm' ? { format: 'pcm', sampleRate: PCM_SAMPLE_RATE } : { format: 'mp3' };
    const outputFormat = audio.format === 'pcm' ? `pcm_${PCM_SAMPLE_RATE}` : 'mp3_44100_128';
    const call = this.call(options);
    const url = `${this.baseUrl}/v1/text-to-speech/${encodeURIComponent(upstreamVoiceIdOf(request))}/stream?output_format=${outputFormat}`;
    const response = await upstreamFetch(url, { method: 'POST', headers: { ...this.authorization(), 'content-type': 'application/json' }, body: JSON.stringify(this.body(request)) }, call);
    yield* speechChunksOf(bodyPieces(response, call), audio, request.text, this.options.name);
  }

  /** The operator's list, otherwise `GET /v1/voices`. */
  async listVoices(signal?: AbortSignal): Promise<UpstreamVoice[]> {
    if (this.options.voices?.length) return [...this.options.voices];
    const response = await upstreamFetch(`${this.baseUrl}/v1/voices`, { headers: this.authorization() }, this.call({ ...(signal ? { signal } : {}) }));
    const body = await jsonOf(response);
    if (!body || typeof body !== 'object' || !('voices' in body) || !Array.isArray(body.voices)) {
      throw new SpeechError('PROVIDER_ERROR', `${this.options.name} sent a voice listing that is not ElevenLabs' shape`, { provider: this.options.name });
    }
    return body.voices.flatMap(voiceOf);
  }

  async warmUp(): Promise<void> {}

  async close(): Promise<void> {}

  private body(request: SpeechRequest): Record<string, unknown> {
    const voiceSettings = {
      ...(request.stability !== undefined ? { stability: request.stability } : {}),
      // Outside ElevenLabs' range the nearest speed it offers is used.
      ...(request.speed !== 1 ? { speed: Math.min(ELEVENLABS_SPEED.max, Math.max(ELEVENLABS_SPEED.min, request.speed)) } : {}),
    };
    return {
      text: request.text,
      model_id: this.options.model ?? ELEVENLABS_DEFAULT_MODEL,
      ...(Object.keys(voiceSettings).length > 0 ? { voice_settings: voiceSettings } : {}),
      ...(request.seed !== undefined ? { seed: request.seed } : {}),
      ...(request.normalizeText === false ? { apply_text_normalization: 'off' } : {}),
    };
  }

  private authorization(): Record<string, string> {
    return { 'xi-api-key': this.options.apiKey };
  }

  private call(options: SpeakOptions | undefined): UpstreamCall {
    return { provider: this.options.name, timeoutMs: this.options.timeoutMs, ...(options?.signal ? { signal: options.signal } : {}) };
  }
}

/** One entry of `GET /v1/voices` (wire names: voice_id, name, labels, description, verified_languages). */
function voiceOf(entry: unknown): UpstreamVoice[] {
  if (!entry || typeof entry !== 'object') return [];
  const record = entry as Record<string, unknown>;
  if (typeof record.voice_id !== 'string') return [];
  const labels = (record.labels && typeof record.labels === 'object' ? record.labels : {}) as Record<string, unknown>;
  const verified = Array.isArray(record.verified_languages) ? (record.verified_languages[0] as Record<string, unknown> | undefined) : undefined;
  const language = typeof verified?.locale === 'string' ? verified.locale : typeof verified?.language === 'string' ? verified.language : undefined;
  return [
    {
      id: record.voice_id,
      name: typeof record.name === 'string' && record.name ? record.name : record.voice_id,
      ...genderOf(labels.gender),
      ...(language ? { language } : {}),
      ...(typeof record.description === 'string' && record.description ? { description: record.description } : {}),
    },
  ];
}
