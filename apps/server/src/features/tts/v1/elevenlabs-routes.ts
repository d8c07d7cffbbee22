import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { characterAlignment } from '@sound-studio/shared';
import { z } from 'zod';
import type { ApiKeyContext } from '../../../lib/api-keys/authenticator.ts';
import { AppError } from '../../../lib/errors.ts';
import { ttsServiceFor } from '../service.ts';
import { elevenLabsErrorSchema, installDeveloperApiErrors } from './dialect.ts';
import { elevenLabsOutputOf } from './elevenlabs-output-formats.ts';
import {
  elevenLabsSpeechBodySchema,
  elevenLabsSpeechOf,
  elevenLabsSpeechQuerySchema,
  type ElevenLabsSpeechBody,
  type ElevenLabsSpeechQuery,
} from './elevenlabs-speech-request.ts';
import { streamApiSpeech, type ApiSpeechCall, type ApiSpeechDependencies } from './speech-stream.ts';
import { streamApiSpeechWithTimestamps } from './stream-with-timestamps.ts';
import { renderApiSpeechWithTimings } from './with-timestamps.ts';

const TAGS = ['developer-api (ElevenLabs-compatible)'];
const SECURITY: ReadonlyArray<Record<string, readonly string[]>> = [{ xiApiKey: [] }, { apiKey: [] }];
/** What the call was charged in characters: ElevenLabs' `character-cost`, and the `x-character-count` we sent before. */
const CHARACTER_COST_HEADERS = ['character-cost', 'x-character-count'] as const;

const errorReplies = { '4xx': elevenLabsErrorSchema, '5xx': elevenLabsErrorSchema } as const;

const voiceParamsSchema = z.object({ voice_id: z.string().min(1).max(200) });

function requireKey(apiKey: ApiKeyContext | null): ApiKeyContext {
  if (!apiKey) throw new AppError('UNAUTHORIZED', 'Missing API key');
  return apiKey;
}

type SpeechRequest = FastifyRequest<{
  Params: z.infer<typeof voiceParamsSchema>;
  Querystring: ElevenLabsSpeechQuery;
  Body: ElevenLabsSpeechBody;
}>;

const alignmentSchema = z.object({
  characters: z.array(z.string()),
  character_start_times_seconds: z.array(z.number()),
  character_end_times_seconds: z.array(z.number()),
});

/**
 * ElevenLabs-compatible text to speech under /v1 (same keys, sent as xi-api-key): audio in every output_format
 * ElevenLabs names (at the named rate and bitrate), streamed, or with character timestamps in one reply or streamed
 * per sentence. Voices, user and history are in elevenlabs-library-routes.ts.
 */
export const elevenLabsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = ttsServiceFor(app);
  installDeveloperApiErrors(app, () => 'elevenlabs');
  app.addHook('onRequest', app.authenticateApiKey);

  /** Checks the request (format first: nothing is prepared for a format we cannot give) and prepares the call. */
  async function speechCallOf(request: SpeechRequest): Promise<{ deps: ApiSpeechDependencies; call: ApiSpeechCall }> {
    const apiKey = requireKey(request.apiKey);
    const output = elevenLabsOutputOf(request.query.output_format);
    const speech = elevenLabsSpeechOf(request.params.voice_id, request.body, request.query);
    const prepared = await service.prepare(apiKey.userId, speech.input);
    const cost = String(prepared.characters);
    return {
      deps: { service, speech: app.speech, files: app.files, log: request.log, db: app.db, nowMs: () => app.clock.now() },
      call: {
        prepared,
        apiKey,
        format: output.format,
        formatOptions: output.options,
        sse: false,
        engine: speech.engine,
        tempo: speech.tempo,
        keep: speech.keep,
        lowLatency: speech.lowLatency,
        headers: { ...Object.fromEntries(CHARACTER_COST_HEADERS.map((name) => [name, cost])), 'request-id': prepared.generationId },
      },
    };
  }

  const speechSchema = {
    tags: TAGS,
    security: SECURITY,
    params: voiceParamsSchema,
    querystring: elevenLabsSpeechQuerySchema,
    body: elevenLabsSpeechBodySchema,
  };

  for (const path of ['/text-to-speech/:voice_id', '/text-to-speech/:voice_id/stream']) {
    app.post(
      path,
      {
        schema: {
          ...speechSchema,
          summary: 'ElevenLabs-compatible speech, streamed chunk by chunk; character-cost says how many characters were billed',
          produces: ['audio/mpeg', 'audio/pcm', 'audio/wav', 'audio/ogg', 'audio/basic', 'audio/x-alaw-basic'],
          response: { 200: z.unknown().describe('Audio, chunked'), ...errorReplies },
        },
      },
      async (request, reply) => {
        const { deps, call } = await speechCallOf(request);
        await streamApiSpeech(deps, call, reply);
        return reply;
      },
    );
  }

  app.post(
    '/text-to-speech/:voice_id/with-timestamps',
    {
      schema: {
        ...speechSchema,
        summary:
          'ElevenLabs-compatible speech with character timings from the engine: audio_base64 plus alignment (and the ' +
          'same normalized_alignment, since timings point at the text as sent)',
        response: {
          200: z.object({ audio_base64: z.string(), alignment: alignmentSchema, normalized_alignment: alignmentSchema }),
          ...errorReplies,
        },
      },
    },
    async (request, reply) => {
      const { deps, call } = await speechCallOf(request);
      const { audio, timings } = await renderApiSpeechWithTimings(deps, call);
      const alignment = characterAlignment(timings);
      reply.headers(call.headers ?? {});
      return { audio_base64: Buffer.from(audio).toString('base64'), alignment, normalized_alignment: alignment };
    },
  );

  app.post(
    '/text-to-speech/:voice_id/stream/with-timestamps',
    {
      schema: {
        ...speechSchema,
        summary:
          'ElevenLabs-compatible streamed speech with timestamps: one JSON line per sentence as it is rendered, each ' +
          "with its audio_base64 and its characters' alignment",
        produces: ['application/x-ndjson'],
        response: { 200: z.unknown().describe('Newline-delimited JSON chunks'), ...errorReplies },
      },
    },
    async (request, reply) => {
      const { deps, call } = await speechCallOf(request);
      await streamApiSpeechWithTimestamps(deps, call, reply);
      return reply;
    },
  );
};
