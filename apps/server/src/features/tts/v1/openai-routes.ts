import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_SPEECH_MODEL, VOICE_SETTING_LIMITS } from '@sound-studio/shared';
import { z } from 'zod';
import { AppError } from '../../../lib/errors.ts';
import { ttsServiceFor } from '../service.ts';
import { speedPlanOf } from './speech-tempo.ts';
import { API_MODEL_IDS, moodOfInstructions, OPENAI_VOICE_ALIASES, speechModelOf, voiceIdOf } from './openai-mapping.ts';
import { dialectOf, developerApiNotFound, installDeveloperApiErrors } from './dialect.ts';
import { ELEVENLABS_TEXT_MAX_LENGTH, elevenLabsModels, elevenLabsModelSchema, type ModelLanguage } from './elevenlabs-models.ts';
import { openAiErrorSchema } from './openai-errors.ts';
import { OPENAI_AUDIO_FORMATS } from './output-formats.ts';
import { streamApiSpeech } from './speech-stream.ts';

const TAGS = ['developer-api (OpenAI-compatible)'];
const SECURITY: ReadonlyArray<Record<string, readonly string[]>> = [{ apiKey: [] }, { xiApiKey: [] }];
export const OPENAI_INPUT_MAX_LENGTH = 4096;
const errorReplies = { '4xx': openAiErrorSchema, '5xx': openAiErrorSchema } as const;

const speechBodySchema = z.object({
  model: z.string().min(1).max(100).default('tts-1').describe(`One of ${API_MODEL_IDS.join(', ')}`),
  input: z
    .string()
    .min(1, 'input is required')
    .max(OPENAI_INPUT_MAX_LENGTH, `input must be at most ${OPENAI_INPUT_MAX_LENGTH} characters`),
  voice: z
    .union([z.string().min(1).max(200), z.object({ id: z.string().min(1).max(200) })])
    .describe(`An OpenAI voice (${Object.keys(OPENAI_VOICE_ALIASES).join(', ')}) or any library or custom voice id`),
  instructions: z
    .string()
    .max(OPENAI_INPUT_MAX_LENGTH)
    .optional()
    .describe('Delivery hints, mapped to a mood (happy, calm, sad...); instructions that describe no mood are refused'),
  response_format: z.enum(OPENAI_AUDIO_FORMATS).default('mp3'),
  speed: z.number().min(0.25).max(4).default(1).describe('0.25 to 4: the engine speaks 0.5 to 2, time-stretching does the rest'),
  stream_format: z.enum(['audio', 'sse']).default('audio'),
});

const modelSchema = z.object({ id: z.string(), object: z.literal('model'), created: z.number().int(), owned_by: z.string() });
const voiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  gender: z.string(),
  preview_url: z.string(),
  category: z.string(),
});

/** When our models were published (a fixed date: /v1/models must not change between calls). */
const MODELS_CREATED = Math.floor(Date.parse('2025-01-01T00:00:00Z') / 1000);

/** The languages the library's voices speak, as ElevenLabs lists a model's languages. */
async function modelLanguages(app: FastifyInstance): Promise<ModelLanguage[]> {
  const byCode = new Map((await app.voices.list(null)).map((voice) => [voice.language, voice.languageName]));
  return [...byCode].map(([language_id, name]) => ({ language_id, name }));
}

/** The caller's origin, so preview links work from any client (behind a proxy, with TRUST_PROXY set). */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * The OpenAI-compatible developer API under /v1 (API keys only): speech, models and voices. Point an OpenAI SDK's
 * baseURL at <server>/v1 and use an `ss_` key.
 */
export const openAiRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = ttsServiceFor(app);
  // /models is both APIs' path: an ElevenLabs caller (xi-api-key) gets its errors too; the rest are OpenAI's own.
  installDeveloperApiErrors(app, (request) => (request.routeOptions.url?.startsWith('/v1/models') ? dialectOf(request) : 'openai'));
  app.setNotFoundHandler(developerApiNotFound);
  app.addHook('onRequest', app.authenticateApiKey);

  app.post(
    '/audio/speech',
    {
      schema: {
        tags: TAGS,
        summary:
          'OpenAI-compatible speech: audio streams chunk by chunk (or as SSE speech.audio.delta events), is charged ' +
          'through the credit ledger and kept in history under the key name',
        security: SECURITY,
        body: speechBodySchema,
        produces: ['audio/mpeg', 'audio/wav', 'audio/pcm', 'audio/ogg', 'audio/aac', 'audio/flac', 'text/event-stream'],
        response: { 200: z.unknown().describe('Audio in response_format, chunked'), ...errorReplies },
      },
    },
    async (request, reply) => {
      const apiKey = request.apiKey;
      if (!apiKey) throw new AppError('UNAUTHORIZED', 'Missing API key');
      const body = request.body;
      const speed = speedPlanOf(body.speed);
      const mood = moodOfInstructions(body.instructions);
      const prepared = await service.prepare(apiKey.userId, {
        text: body.input,
        voiceId: voiceIdOf(typeof body.voice === 'string' ? body.voice : body.voice.id),
        ...(mood ? { mood } : {}),
        speed: speed.engineSpeed,
        pitch: VOICE_SETTING_LIMITS.pitch.default,
        volume: VOICE_SETTING_LIMITS.volume.default,
        model: speechModelOf(body.model ?? DEFAULT_SPEECH_MODEL),
      });
      const dependencies = { service, speech: app.speech, files: app.files, log: request.log, db: app.db, nowMs: () => app.clock.now() };
      const call = { prepared, apiKey, format: body.response_format, sse: body.stream_format === 'sse', tempo: speed.tempo };
      await streamApiSpeech(dependencies, call, reply);
      return reply;
    },
  );

  app.get(
    '/models',
    {
      schema: {
        tags: TAGS,
        summary:
          "The speech models: OpenAI's list (mapped to ours, and our own ids) for Bearer callers, ElevenLabs' array of " +
          'models for xi-api-key callers',
        security: SECURITY,
        response: {
          200: z.union([z.object({ object: z.literal('list'), data: z.array(modelSchema) }), z.array(elevenLabsModelSchema)]),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      if (dialectOf(request) === 'elevenlabs') return elevenLabsModels(await modelLanguages(app), ELEVENLABS_TEXT_MAX_LENGTH);
      return {
        object: 'list' as const,
        data: API_MODEL_IDS.map((id) => ({ id, object: 'model' as const, created: MODELS_CREATED, owned_by: 'sound-studio' })),
      };
    },
  );

  app.get(
    '/models/:model',
    {
      schema: {
        tags: TAGS,
        summary: 'One speech model by id (OpenAI shape)',
        security: SECURITY,
        params: z.object({ model: z.string().max(100) }),
        response: { 200: modelSchema, ...errorReplies },
      },
    },
    async (request) => {
      const id = API_MODEL_IDS.find((known) => known === request.params.model);
      if (!id) throw new AppError('NOT_FOUND', `The model '${request.params.model}' does not exist`, { reason: 'model_not_found' });
      return { id, object: 'model' as const, created: MODELS_CREATED, owned_by: 'sound-studio' };
    },
  );

  app.get(
    '/audio/voices',
    {
      schema: {
        tags: TAGS,
        summary: "OpenAI's voice names (with the library voice each stands for), then the library and the caller's own voices",
        security: SECURITY,
        response: { 200: z.object({ object: z.literal('list'), data: z.array(voiceSchema) }), ...errorReplies },
      },
    },
    async (request) => {
      const apiKey = request.apiKey;
      if (!apiKey) throw new AppError('UNAUTHORIZED', 'Missing API key');
      const origin = originOf(request);
      const voices = await app.voices.list(apiKey.userId);
      const byId = new Map(voices.map((voice) => [voice._id, voice]));
      const aliases = Object.entries(OPENAI_VOICE_ALIASES).flatMap(([alias, id]) => {
        const voice = byId.get(id);
        return voice ? [{ ...voice, _id: alias, name: `${alias} (${voice.name})`, category: 'openai' }] : [];
      });
      return {
        object: 'list' as const,
        data: [...aliases, ...voices].map((voice) => ({
          id: voice._id,
          name: voice.name,
          language: voice.locale,
          gender: voice.gender,
          preview_url: `${origin}${voice.previewUrl}`,
          category: voice.category,
        })),
      };
    },
  );
};
