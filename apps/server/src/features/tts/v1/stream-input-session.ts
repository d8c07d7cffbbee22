import { characterAlignment, type SpeechTimings } from '@sound-studio/shared';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { ApiKeyContext } from '../../../lib/api-keys/authenticator.ts';
import { bearerToken } from '../../../lib/authentication.ts';
import { AppError } from '../../../lib/errors.ts';
import { toAppError } from './openai-errors.ts';
import { ELEVENLABS_TEXT_MAX_LENGTH } from './elevenlabs-models.ts';
import { elevenLabsOutputOf } from './elevenlabs-output-formats.ts';
import { elevenLabsSpeechOf, queryFlag, type ElevenLabsSpeechBody } from './elevenlabs-speech-request.ts';
import type { ApiSpeechDependencies } from './speech-stream.ts';
import { renderApiSpeechWithTimings } from './with-timestamps.ts';

/** Close codes as ElevenLabs documents them: 1000 when the stream ends, 1008 for anything refused or timed out. */
export const CLOSE_NORMAL = 1000;
export const CLOSE_POLICY = 1008;
export const CLOSE_GOING_AWAY = 1001;

/** The handshake's query string (ElevenLabs' names). */
export const streamInputQuerySchema = z.object({
  model_id: z.string().max(100).optional(),
  language_code: z.string().max(20).optional(),
  output_format: z.string().max(40).default('mp3_44100_128'),
  enable_logging: queryFlag.default(true),
  enable_ssml_parsing: queryFlag.default(false),
  inactivity_timeout: z.coerce.number().int().min(1).max(180).default(20),
  sync_alignment: queryFlag.default(false),
  auto_mode: queryFlag.default(false),
  apply_text_normalization: z.enum(['auto', 'on', 'off']).optional(),
  seed: z.coerce.number().int().min(0).max(4_294_967_295).optional(),
});
export type StreamInputQuery = z.infer<typeof streamInputQuerySchema>;

const voiceSettingsSchema = z
  .object({
    stability: z.number().min(0).max(1).nullish(),
    similarity_boost: z.number().min(0).max(1).nullish(),
    style: z.number().min(0).max(1).nullish(),
    use_speaker_boost: z.boolean().nullish(),
    speed: z.number().min(0.25).max(4).nullish(),
  })
  .nullish();

const clientMessageSchema = z.object({
  text: z.string().max(ELEVENLABS_TEXT_MAX_LENGTH).nullish(),
  try_trigger_generation: z.boolean().nullish(),
  flush: z.boolean().nullish(),
  voice_settings: voiceSettingsSchema,
  generation_config: z.object({ chunk_length_schedule: z.array(z.number().int().min(50).max(500)).max(10).nullish() }).nullish(),
  pronunciation_dictionary_locators: z.array(z.unknown()).nullish(),
  'xi-api-key': z.string().max(300).nullish(),
  xi_api_key: z.string().max(300).nullish(),
  authorization: z.string().max(300).nullish(),
  /** Multi-context sockets only: which context the message is for, and closing a context or the whole socket. */
  context_id: z.string().max(100).nullish(),
  close_context: z.boolean().nullish(),
  close_socket: z.boolean().nullish(),
});
type ClientMessage = z.infer<typeof clientMessageSchema>;

/** One chunk's character timings in milliseconds from the chunk's own start, as the stream-input messages carry them. */
interface ChunkAlignment {
  chars: string[];
  charStartTimesMs: number[];
  charDurationsMs: number[];
  /** The same durations under the name ElevenLabs' documentation examples use. */
  charsDurationsMs: number[];
}

function chunkAlignmentOf(timings: SpeechTimings): ChunkAlignment {
  const alignment = characterAlignment(timings);
  const starts = alignment.character_start_times_seconds.map((seconds) => Math.round(seconds * 1000));
  const durations = alignment.character_end_times_seconds.map((seconds, index) => Math.max(0, Math.round(seconds * 1000) - (starts[index] ?? 0)));
  return { chars: alignment.characters, charStartTimesMs: starts, charDurationsMs: durations, charsDurationsMs: durations };
}

/** Where the buffered text may be cut: after the last sentence end (with the space after it), else nowhere. */
function lastSentenceEnd(text: string): number {
  let end = 0;
  for (const match of text.matchAll(/[.!?;:…。！？]+["')\]]*\s+/g)) end = (match.index ?? 0) + match[0].length;
  return end;
}

/** Where the buffered text may be cut once a schedule threshold is reached: after the last whitespace. */
function lastWordEnd(text: string): number {
  const match = /\s(?=\S*$)/.exec(text);
  return match ? match.index + 1 : 0;
}

/** `stream-input` speaks one text stream; `multi-stream-input` several at once, each under its context_id. */
export type StreamInputMode = 'single' | 'multi';

/** Text of one context waiting to be spoken, and how many chunks of it were spoken (for the schedule). */
interface ContextBuffer {
  text: string;
  generations: number;
}

/** The context a single-stream socket's text belongs to, and a multi-context socket's when a message names none. */
const DEFAULT_CONTEXT = '';

export interface StreamInputDependencies extends ApiSpeechDependencies {
  authenticate(token: string | undefined): Promise<ApiKeyContext>;
}

/**
 * One ElevenLabs input-streaming WebSocket: text arrives in pieces (an LLM's tokens); each complete sentence (or the
 * buffer at a flush, at a chunk_length_schedule threshold, or at the end) is rendered, charged through the credit
 * ledger and sent back as base64 audio with its characters' alignment, in order. `{"text": ""}` ends the stream:
 * the rest is rendered, `isFinal` is sent and the socket closes with 1000. The key comes in the handshake's headers
 * or in the first message; an idle connection closes after inactivity_timeout seconds.
 */
export class StreamInputSession {
  #apiKey: ApiKeyContext | null = null;
  #first = true;
  readonly #contexts = new Map<string, ContextBuffer>();
  #voiceSettings: ElevenLabsSpeechBody['voice_settings'] = null;
  #schedule: number[] = [];
  #rendering: Promise<void> = Promise.resolve();
  #closed = false;
  #idle: NodeJS.Timeout | null = null;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: StreamInputDependencies,
    private readonly voiceId: string,
    private readonly query: StreamInputQuery,
    private readonly handshakeKey: string | undefined,
    private readonly mode: StreamInputMode = 'single',
  ) {}

  start(): void {
    if (this.query.enable_ssml_parsing) return this.#fail(new AppError('VALIDATION_ERROR', 'enable_ssml_parsing is not supported: send plain text'));
    this.#armIdleTimer();
    this.socket.on('message', (data, isBinary) => {
      this.#armIdleTimer();
      this.#rendering = this.#rendering.then(() => this.#onMessage(isBinary ? '' : data.toString()));
    });
    this.socket.on('close', () => this.#stop());
  }

  async #onMessage(raw: string): Promise<void> {
    if (this.#closed) return;
    try {
      const parsed = clientMessageSchema.safeParse(JSON.parse(raw));
      if (!parsed.success) throw new AppError('VALIDATION_ERROR', `Invalid message: ${parsed.error.issues[0]?.message ?? 'unreadable'}`);
      if (this.#first) await this.#initialise(parsed.data);
      else await this.#receive(parsed.data);
    } catch (error) {
      this.#fail(error);
    }
  }

  async #initialise(message: ClientMessage): Promise<void> {
    this.#first = false;
    const token = this.handshakeKey ?? message['xi-api-key'] ?? message.xi_api_key ?? bearerToken(message.authorization ?? undefined);
    this.#apiKey = await this.deps.authenticate(token ?? undefined);
    if (message.pronunciation_dictionary_locators?.length) throw new AppError('VALIDATION_ERROR', 'pronunciation_dictionary_locators: pronunciation dictionaries are not supported');
    this.#voiceSettings = message.voice_settings ?? null;
    this.#schedule = this.query.auto_mode ? [] : [...(message.generation_config?.chunk_length_schedule ?? [])];
    // Settings are checked now, so a refused one closes the socket before any text is sent.
    this.#speechOf('check');
    elevenLabsOutputOf(this.query.output_format);
    if (message.text?.trim() || message.flush || message.close_context || message.close_socket) await this.#receive(message);
  }

  async #receive(message: ClientMessage): Promise<void> {
    if (message.voice_settings !== undefined && JSON.stringify(message.voice_settings) !== JSON.stringify(this.#voiceSettings)) {
      throw new AppError('VALIDATION_ERROR', 'voice_settings can only be set in the first message');
    }
    if (this.mode === 'multi') return this.#receiveMulti(message);
    const context = this.#context(DEFAULT_CONTEXT);
    const ending = message.text === '';
    context.text += message.text ?? '';
    if (ending || message.flush) await this.#renderUpTo(DEFAULT_CONTEXT, context.text.length);
    else await this.#renderReady(DEFAULT_CONTEXT, message.try_trigger_generation === true);
    if (ending) await this.#finish();
  }

  /**
   * Multi-context messages: text goes to its context (an empty text only keeps it alive); flush speaks the
   * context's buffer; close_context drops what it has not spoken yet (an agent interrupted) and ends it with isFinal;
   * close_socket speaks what every context has left, ends each, and closes the socket with 1000.
   */
  async #receiveMulti(message: ClientMessage): Promise<void> {
    const contextId = message.context_id ?? DEFAULT_CONTEXT;
    if (message.close_socket) {
      for (const id of [...this.#contexts.keys()]) await this.#endContext(id, true);
      this.#close(CLOSE_NORMAL, 'Socket closed by the client');
      return;
    }
    if (message.close_context) {
      await this.#endContext(contextId, false);
      return;
    }
    const context = this.#context(contextId);
    context.text += message.text ?? '';
    if (message.flush) await this.#renderUpTo(contextId, context.text.length);
    else await this.#renderReady(contextId, message.try_trigger_generation === true);
  }

  async #endContext(contextId: string, speakRest: boolean): Promise<void> {
    const context = this.#contexts.get(contextId);
    if (!context) return;
    if (speakRest) await this.#renderUpTo(contextId, context.text.length);
    this.#contexts.delete(contextId);
    this.#send({ isFinal: true, contextId });
  }

  #context(contextId: string): ContextBuffer {
    const existing = this.#contexts.get(contextId);
    if (existing) return existing;
    const created = { text: '', generations: 0 };
    this.#contexts.set(contextId, created);
    return created;
  }

  /** Renders what the schedule (or, without one, each complete sentence) allows now. */
  async #renderReady(contextId: string, trigger: boolean): Promise<void> {
    const context = this.#context(contextId);
    // Text that never ends a sentence is spoken once it reaches the longest request, so the buffer stays bounded.
    if (context.text.length >= ELEVENLABS_TEXT_MAX_LENGTH) {
      await this.#renderUpTo(contextId, lastWordEnd(context.text) || context.text.length);
      return;
    }
    const threshold = this.#schedule[Math.min(context.generations, this.#schedule.length - 1)];
    if (threshold === undefined || trigger) {
      await this.#renderUpTo(contextId, lastSentenceEnd(context.text));
      return;
    }
    if (context.text.length >= threshold) await this.#renderUpTo(contextId, lastWordEnd(context.text));
  }

  async #renderUpTo(contextId: string, end: number): Promise<void> {
    const context = this.#context(contextId);
    const text = context.text.slice(0, end);
    context.text = context.text.slice(end);
    if (text.trim() === '' || this.#closed) return;
    const apiKey = this.#apiKey;
    if (!apiKey) throw new AppError('UNAUTHORIZED', 'Missing API key');
    const speech = this.#speechOf(text);
    const prepared = await this.deps.service.prepare(apiKey.userId, speech.input);
    const output = elevenLabsOutputOf(this.query.output_format);
    const call = {
      prepared,
      apiKey,
      format: output.format,
      formatOptions: output.options,
      sse: false,
      engine: speech.engine,
      tempo: speech.tempo,
      keep: speech.keep,
    };
    const { audio, timings } = await renderApiSpeechWithTimings(this.deps, call);
    context.generations += 1;
    const alignment = chunkAlignmentOf(timings);
    const audioMessage = { audio: Buffer.from(audio).toString('base64'), isFinal: false, normalizedAlignment: alignment, alignment };
    this.#send(this.mode === 'multi' ? { ...audioMessage, contextId } : audioMessage);
  }

  #speechOf(text: string): ReturnType<typeof elevenLabsSpeechOf> {
    const body = {
      text,
      model_id: this.query.model_id ?? null,
      language_code: this.query.language_code ?? null,
      voice_settings: this.#voiceSettings,
      seed: this.query.seed ?? null,
      apply_text_normalization: this.query.apply_text_normalization ?? null,
    };
    return elevenLabsSpeechOf(this.voiceId, body, { output_format: this.query.output_format, enable_logging: this.query.enable_logging, optimize_streaming_latency: null });
  }

  async #finish(): Promise<void> {
    this.#send({ isFinal: true });
    this.#close(CLOSE_NORMAL, 'Stream ended');
  }

  #send(message: Record<string, unknown>): void {
    if (!this.#closed) this.socket.send(JSON.stringify(message));
  }

  /** Tells the client what went wrong in ElevenLabs' error message shape, then closes with 1008. */
  #fail(error: unknown): void {
    const appError = (error instanceof Error ? toAppError(error) : null) ?? new AppError('INTERNAL_ERROR', 'Internal server error');
    if (appError.statusCode >= 500) this.deps.log.error({ err: error }, 'stream-input failed');
    const reason = typeof appError.details?.reason === 'string' ? appError.details.reason : appError.code;
    this.#send({ message: appError.message, error: reason.toLowerCase(), code: CLOSE_POLICY });
    this.#close(CLOSE_POLICY, appError.message.slice(0, 120));
  }

  #armIdleTimer(): void {
    if (this.#idle) clearTimeout(this.#idle);
    const seconds = this.query.inactivity_timeout;
    this.#idle = setTimeout(() => {
      this.#rendering = this.#rendering.then(() =>
        this.#fail(new AppError('VALIDATION_ERROR', `Have not received a new text input within the timeout of ${seconds} seconds`, { reason: 'input_timeout_exceeded' })),
      );
    }, seconds * 1000);
  }

  #close(code: number, reason: string): void {
    if (this.#closed) return;
    this.#stop();
    this.socket.close(code, reason);
  }

  #stop(): void {
    this.#closed = true;
    if (this.#idle) clearTimeout(this.#idle);
  }
}
