import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { characterAlignment, VOICE_SETTING_LIMITS } from '@sound-studio/shared';
import { z } from 'zod';
import type { ApiKeyContext } from '../../../lib/api-keys/authenticator.ts';
import { AppError, validationError } from '../../../lib/errors.ts';
import type { TtsInput } from '../prepare.ts';
import { TtsService } from '../service.ts';
import { elevenLabsErrorSchema, installDeveloperApiErrors } from './dialect.ts';
import { ELEVENLABS_TEXT_MAX_LENGTH, modelOfElevenLabs } from './elevenlabs-models.ts';
import type { OpenAiAudioFormat } from './output-formats.ts';
import { streamApiSpeech } from './speech-stream.ts';
import { renderApiSpeechWithTimings } from './with-timestamps.ts';

const TAGS = ['developer-api (ElevenLabs-compatible)'];
const SECURITY: ReadonlyArray<Record<string, readonly string[]>> = [{ xiApiKey: [] }, { apiKey: [] }];
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
 * ElevenLabs-compatible text to speech under /v1 (same keys, sent as xi-api-key), streamed either way or with
 * timestamps (voices, user and history are in elevenlabs-library-routes.ts). Errors come as ElevenLabs' `{ detail: { status, message } }`.
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
};
