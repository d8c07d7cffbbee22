import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { characterAlignment, SPEECH_MODELS, VOICE_SETTING_LIMITS, type SpeechModel } from '@sound-studio/shared';
import { z } from 'zod';
import type { ApiKeyContext } from '../../../lib/api-keys/authenticator.ts';
import { AppError, validationError } from '../../../lib/errors.ts';
import type { TtsInput } from '../prepare.ts';
import { TtsService } from '../service.ts';
import { subscriptionFigures } from './elevenlabs-account.ts';
import { elevenLabsErrorSchema, installDeveloperApiErrors } from './dialect.ts';
import { originOf } from './openai-routes.ts';
import type { OpenAiAudioFormat } from './output-formats.ts';
import { streamApiSpeech } from './speech-stream.ts';
import { renderApiSpeechWithTimings } from './with-timestamps.ts';

const TAGS = ['developer-api (ElevenLabs-compatible)'];
const SECURITY: ReadonlyArray<Record<string, readonly string[]>> = [{ xiApiKey: [] }, { apiKey: [] }];
export const ELEVENLABS_TEXT_MAX_LENGTH = 5000;
const CHARACTER_COUNT_HEADER = 'x-character-count';

const errorReplies = { '4xx': elevenLabsErrorSchema, '5xx': elevenLabsErrorSchema } as const;

const speechBodySchema = z.object({
  text: z.string().min(1, 'text is required').max(ELEVENLABS_TEXT_MAX_LENGTH),
  model_id: z.string().max(100).optional(),
  voice_settings: z
    .object({
      stability: z.number().optional(),
      similarity_boost: z.number().optional(),
      style: z.number().optional(),
      use_speaker_boost: z.boolean().optional(),
      speed: z.number().min(0.25).max(4).optional(),
    })
    .nullable()
    .optional(),
});
const speechQuerySchema = z.object({ output_format: z.string().max(40).default('mp3_44100_128') });
const voiceParamsSchema = z.object({ voice_id: z.string().min(1).max(200) });

/** ElevenLabs' output_format: MP3 (ours is 22.05 kHz whatever the name says), raw PCM at the named rate, or Opus. */
export function outputFormatOf(outputFormat: string): { format: OpenAiAudioFormat; pcmSampleRate?: number } {
  if (outputFormat.startsWith('mp3_')) return { format: 'mp3' };
  if (outputFormat.startsWith('opus_')) return { format: 'opus' };
  const pcm = /^pcm_(8000|16000|22050|24000|44100|48000)$/.exec(outputFormat);
  if (pcm) return { format: 'pcm', pcmSampleRate: Number(pcm[1]) };
  throw validationError('output_format', `Unsupported output_format '${outputFormat}': use mp3_*, pcm_<rate> or opus_*`);
}

/** ElevenLabs' fast models map to our quick one, the rest to our best; our own ids are accepted too. */
export function modelOfElevenLabs(modelId: string | undefined): SpeechModel {
  const own = SPEECH_MODELS.find((id) => id === modelId);
  if (own) return own;
  return modelId && /flash|turbo/.test(modelId) ? 'speech-1.5-hd-preview' : 'speech-2.5-hd-preview';
}

/** Our request for an ElevenLabs body: speed is clamped to what the engine does, pitch and volume stay default. */
function speechInputOf(voiceId: string, body: z.infer<typeof speechBodySchema>): TtsInput {
  const speed = body.voice_settings?.speed ?? 1;
  return {
    text: body.text,
    voiceId,
    speed: Math.min(2, Math.max(0.5, speed)),
    pitch: VOICE_SETTING_LIMITS.pitch.default,
    volume: VOICE_SETTING_LIMITS.volume.default,
    model: modelOfElevenLabs(body.model_id),
  };
}

function requireKey(apiKey: ApiKeyContext | null): ApiKeyContext {
  if (!apiKey) throw new AppError('UNAUTHORIZED', 'Missing API key');
  return apiKey;
}

/**
 * The ElevenLabs-compatible subset under /v1 (same keys, sent as xi-api-key): text to speech (streamed either way),
 * voices, subscription figures from the ledger and history. Errors come as ElevenLabs' `{ detail: { status, message } }`.
 */
export const elevenLabsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new TtsService({
    db: app.db,
    clock: app.clock,
    credits: app.credits,
    files: app.files,
    mediaLinks: app.mediaLinks,
    speech: app.speech,
    voices: app.voices,
    log: app.log,
  });
  installDeveloperApiErrors(app, () => 'elevenlabs');
  app.addHook('onRequest', app.authenticateApiKey);

  for (const path of ['/text-to-speech/:voice_id', '/text-to-speech/:voice_id/stream']) {
    app.post(
      path,
      {
        schema: {
          tags: TAGS,
          summary: 'ElevenLabs-compatible speech (streamed chunk by chunk); x-character-count says how many characters were billed',
          security: SECURITY,
          params: voiceParamsSchema,
          querystring: speechQuerySchema,
          body: speechBodySchema,
          produces: ['audio/mpeg', 'audio/pcm', 'audio/ogg'],
          response: { 200: z.unknown().describe('Audio, chunked'), ...errorReplies },
        },
      },
      async (request, reply) => {
        const apiKey = requireKey(request.apiKey);
        const output = outputFormatOf(request.query.output_format);
        const prepared = await service.prepare(apiKey.userId, speechInputOf(request.params.voice_id, request.body));
        const dependencies = { service, speech: app.speech, files: app.files, log: request.log, db: app.db, nowMs: () => app.clock.now() };
        const call = {
          prepared,
          apiKey,
          format: output.format,
          ...(output.pcmSampleRate ? { formatOptions: { pcmSampleRate: output.pcmSampleRate } } : {}),
          sse: false,
          headers: { [CHARACTER_COUNT_HEADER]: String(prepared.characters), 'request-id': prepared.generationId },
        };
        await streamApiSpeech(dependencies, call, reply);
        return reply;
      },
    );
  }

  const alignmentSchema = z.object({
    characters: z.array(z.string()),
    character_start_times_seconds: z.array(z.number()),
    character_end_times_seconds: z.array(z.number()),
  });
  app.post(
    '/text-to-speech/:voice_id/with-timestamps',
    {
      schema: {
        tags: TAGS,
        summary:
          'ElevenLabs-compatible speech with character timings from the engine: audio_base64 plus alignment (and the ' +
          'same normalized_alignment, since timings point at the text as sent)',
        security: SECURITY,
        params: voiceParamsSchema,
        querystring: speechQuerySchema,
        body: speechBodySchema,
        response: {
          200: z.object({ audio_base64: z.string(), alignment: alignmentSchema, normalized_alignment: alignmentSchema }),
          ...errorReplies,
        },
      },
    },
    async (request, reply) => {
      const apiKey = requireKey(request.apiKey);
      const output = outputFormatOf(request.query.output_format);
      const prepared = await service.prepare(apiKey.userId, speechInputOf(request.params.voice_id, request.body));
      const dependencies = { service, speech: app.speech, files: app.files, log: request.log, db: app.db, nowMs: () => app.clock.now() };
      const call = {
        prepared,
        apiKey,
        format: output.format,
        ...(output.pcmSampleRate ? { formatOptions: { pcmSampleRate: output.pcmSampleRate } } : {}),
        sse: false,
      };
      const { audio, timings } = await renderApiSpeechWithTimings(dependencies, call);
      const alignment = characterAlignment(timings);
      reply.header(CHARACTER_COUNT_HEADER, String(prepared.characters)).header('request-id', prepared.generationId);
      return { audio_base64: Buffer.from(audio).toString('base64'), alignment, normalized_alignment: alignment };
    },
  );

  app.get(
    '/voices',
    {
      schema: {
        tags: TAGS,
        summary: "The library and the caller's own voices, ElevenLabs-shaped",
        security: SECURITY,
        response: {
          200: z.object({
            voices: z.array(
              z.object({
                voice_id: z.string(),
                name: z.string(),
                category: z.string(),
                description: z.string().nullable(),
                labels: z.record(z.string(), z.string()),
                preview_url: z.string(),
              }),
            ),
          }),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const apiKey = requireKey(request.apiKey);
      const origin = originOf(request);
      const voices = await app.voices.list(apiKey.userId);
      return {
        voices: voices.map((voice) => ({
          voice_id: voice._id,
          name: voice.name,
          category: voice.category === 'custom' ? 'cloned' : 'premade',
          description: voice.description,
          labels: { gender: voice.gender, age: voice.age, language: voice.language, accent: voice.accent ?? '' },
          preview_url: `${origin}${voice.previewUrl}`,
        })),
      };
    },
  );

  app.get(
    '/user/subscription',
    {
      schema: {
        tags: TAGS,
        summary: "Credits spent this month (character_count) against the plan's monthly credits (character_limit), from the ledger",
        security: SECURITY,
        response: {
          200: z.object({
            tier: z.string(),
            character_count: z.number().int(),
            character_limit: z.number().int(),
            credits_remaining: z.number().int(),
            next_character_count_reset_unix: z.number().int(),
            status: z.string(),
          }),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const figures = await subscriptionFigures(app.db, requireKey(request.apiKey).userId, app.clock.now());
      return {
        tier: figures.tier,
        character_count: figures.used,
        character_limit: figures.limit,
        credits_remaining: figures.balance,
        next_character_count_reset_unix: figures.resetsAt,
        status: 'active',
      };
    },
  );

  app.get(
    '/history',
    {
      schema: {
        tags: TAGS,
        summary: "The caller's text-to-speech history, newest first (page_size up to 100)",
        security: SECURITY,
        querystring: z.object({ page_size: z.coerce.number().int().min(1).max(100).default(100) }),
        response: {
          200: z.object({
            history: z.array(
              z.object({
                history_item_id: z.string(),
                voice_id: z.string(),
                voice_name: z.string(),
                model_id: z.string(),
                text: z.string(),
                date_unix: z.number().int(),
                character_count_change_from: z.number().int(),
                character_count_change_to: z.number().int(),
                content_type: z.string(),
                state: z.string(),
                source: z.string(),
                audio_url: z.string(),
              }),
            ),
            has_more: z.boolean(),
            last_history_item_id: z.string().nullable(),
          }),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { userId } = requireKey(request.apiKey);
      const { rows, total } = await service.repository.list({ userId, page: 1, limit: request.query.page_size });
      const origin = originOf(request);
      return {
        history: rows.map((row) => {
          const generation = service.toGeneration(row);
          return {
            history_item_id: row.id,
            voice_id: row.voiceId,
            voice_name: row.voiceName,
            model_id: row.model,
            text: row.text,
            date_unix: Math.floor(row.createdAt.getTime() / 1000),
            character_count_change_from: 0,
            character_count_change_to: row.characters,
            content_type: 'audio/mpeg',
            state: 'created',
            source: row.source === 'api' ? 'API' : 'TTS',
            audio_url: `${origin}${generation.audioUrl}`,
          };
        }),
        has_more: total > rows.length,
        last_history_item_id: rows.at(-1)?.id ?? null,
      };
    },
  );
};
