import { resolveModel } from '../../speech/models.ts';
import { DEFAULT_SPEECH_LIMITS, validateRequest } from '../../speech/plan.ts';
import { SpeechError, type SpeakOptions, type SpeechChunk, type SpeechEngine, type SpeechRequest, type SpeechResult } from '../../speech/types.ts';
import { collectResult, speechChunksOf, type UpstreamAudio } from './audio-chunks.ts';
import { bodyPieces, jsonOf, upstreamFetch, type UpstreamCall } from './http.ts';
import { upstreamVoiceIdOf } from './speak-options.ts';
import type { UpstreamEngineOptions, UpstreamVoice } from './types.ts';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** OpenAI's raw `pcm` (and that of the servers that copy its API): 24 kHz, 16-bit signed little-endian, mono. */
const OPENAI_PCM_SAMPLE_RATE = 24_000;

/** OpenAI's documented built-in voices (text-to-speech guide); api.openai.com has no voice listing. */
export const OPENAI_BUILT_IN_VOICES: readonly UpstreamVoice[] = [
  'alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer', 'verse', 'marin', 'cedar',
].map((id) => ({ id, name: id.charAt(0).toUpperCase() + id.slice(1) }));

/**
 * Any server that speaks OpenAI's `POST {base}/audio/speech`: OpenAI itself, Kokoro-FastAPI, openedai-speech,
 * AllTalk, or another Sound Studio's `/v1`. The body streams back as it is rendered, and goes out chunk by chunk.
 */
export class OpenAiCompatibleSpeechEngine implements SpeechEngine {
  readonly provider = 'openai' as const;
  private readonly baseUrl: string;

  constructor(private readonly options: UpstreamEngineOptions) {
    this.baseUrl = (options.baseUrl ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, '');
  }

  async speak(request: SpeechRequest, options?: SpeakOptions): Promise<SpeechResult> {
    return collectResult(this.speakStream(request, options), request.text, this.provider, resolveModel(request.model));
  }

  async *speakStream(request: SpeechRequest, options?: SpeakOptions): AsyncGenerator<SpeechChunk> {
    validateRequest(request, DEFAULT_SPEECH_LIMITS);
    refuse(request, this.options.name);
    const audio: UpstreamAudio = options?.audio === 'pcm' ? { format: 'pcm', sampleRate: OPENAI_PCM_SAMPLE_RATE } : { format: 'mp3' };
    const call = this.call(options);
    const response = await upstreamFetch(
      `${this.baseUrl}/audio/speech`,
      {
        method: 'POST',
        headers: { ...this.authorization(), 'content-type': 'application/json' },
        body: JSON.stringify({
          model: this.options.model ?? 'tts-1',
          input: request.text,
          voice: upstreamVoiceIdOf(request),
          response_format: audio.format,
          ...(request.speed !== 1 ? { speed: request.speed } : {}),
        }),
      },
      call,
    );
    yield* speechChunksOf(bodyPieces(response, call), audio, request.text, this.options.name);
  }

  /**
   * The operator's list; OpenAI's documented set on api.openai.com; otherwise the server's own listing:
   * `GET {base}/audio/voices` (Kokoro-FastAPI: `{ voices: [...] }`), then `GET {base}/voices` (ElevenLabs-shaped, as
   * another Sound Studio answers).
   */
  async listVoices(signal?: AbortSignal): Promise<UpstreamVoice[]> {
    if (this.options.voices?.length) return [...this.options.voices];
    if (new URL(this.baseUrl).hostname === 'api.openai.com') return [...OPENAI_BUILT_IN_VOICES];
    const call = this.call({ signal });
    const kokoro = await this.tryListing(`${this.baseUrl}/audio/voices`, call);
    if (kokoro) return kokoro;
    const library = await this.tryListing(`${this.baseUrl}/voices`, call);
    if (library) return library;
    throw new SpeechError('PROVIDER_INVALID_REQUEST', `${this.options.name} has no voice listing; list its voices in SPEECH_PROVIDERS`, { provider: this.options.name });
  }

  async warmUp(): Promise<void> {}

  async close(): Promise<void> {}

  /** A listing's voices, or null when the server has no such path (404/405). */
  private async tryListing(url: string, call: UpstreamCall): Promise<UpstreamVoice[] | null> {
    try {
      const response = await upstreamFetch(url, { headers: this.authorization() }, call);
      return voicesOfListing(await jsonOf(response));
    } catch (error) {
      if (error instanceof SpeechError && (error.details?.httpStatus === 404 || error.details?.httpStatus === 405)) return null;
      throw error;
    }
  }

  private authorization(): Record<string, string> {
    // Local servers (Kokoro-FastAPI) often run without a key.
    return this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {};
  }

  private call(options: SpeakOptions | undefined): UpstreamCall {
    return { provider: this.options.name, timeoutMs: this.options.timeoutMs, ...(options?.signal ? { signal: options.signal } : {}) };
  }
}

/** `{ voices: ['af_bella', ...] }` (Kokoro-FastAPI), `{ voices: [{ voice_id, name, labels }] }` (ElevenLabs-shaped). */
function voicesOfListing(body: unknown): UpstreamVoice[] | null {
  if (!body || typeof body !== 'object' || !('voices' in body) || !Array.isArray(body.voices)) return null;
  return body.voices.flatMap((entry: unknown): UpstreamVoice[] => {
    if (typeof entry === 'string') return [{ id: entry, name: entry }];
    if (!entry || typeof entry !== 'object') return [];
    const record = entry as Record<string, unknown>;
    const id = [record.voice_id, record.id, record.name].find((value) => typeof value === 'string');
    if (typeof id !== 'string') return [];
    const labels = (record.labels && typeof record.labels === 'object' ? record.labels : {}) as Record<string, unknown>;
    return [{ id, name: typeof record.name === 'string' ? record.name : id, ...genderOf(labels.gender), ...languageOf(labels.language) }];
  });
}

export function genderOf(value: unknown): Pick<UpstreamVoice, 'gender'> {
  const text = typeof value === 'string' ? value.toLowerCase() : '';
  return text === 'female' || text === 'male' || text === 'neutral' ? { gender: text } : {};
}

function languageOf(value: unknown): Pick<UpstreamVoice, 'language'> {
  return typeof value === 'string' && /^[a-z]{2,3}(-[A-Za-z0-9]+)*$/i.test(value) ? { language: value } : {};
}

/** OpenAI's speech API has no seed, stability or pitch: refused, not silently dropped. */
function refuse(request: SpeechRequest, provider: string): void {
  const unsupported = request.seed !== undefined ? 'seed' : request.stability !== undefined ? 'stability' : request.normalizeText === false ? 'normalizeText' : null;
  if (unsupported) throw new SpeechError('INVALID_SETTING', `The ${provider} speech provider does not support ${unsupported}`, { setting: unsupported });
}
