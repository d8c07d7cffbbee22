import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiKeyContext } from '../../../lib/api-keys/authenticator.ts';
import { apiKeyOfRequest } from '../../../lib/api-keys/key-format.ts';
import { AppError } from '../../../lib/errors.ts';
import { TtsRepository } from '../repository.ts';
import { developerApiNotFound, elevenLabsErrorSchema, installDeveloperApiErrors } from './dialect.ts';
import { elevenLabsSubscriptionOf, elevenLabsSubscriptionSchema, elevenLabsUserOf, elevenLabsUserSchema, subscriptionFigures } from './elevenlabs-account.ts';
import {
  elevenLabsHistoryItemOf,
  elevenLabsHistoryItemSchema,
  elevenLabsVoiceOf,
  elevenLabsVoiceSchema,
  HISTORY_SOURCES,
  matchesVoiceSearch,
  type ElevenLabsVoice,
} from './elevenlabs-library.ts';
import { queryFlag } from './elevenlabs-speech-request.ts';
import { originOf } from './openai-routes.ts';

const TAGS = ['developer-api (ElevenLabs-compatible)'];
const SECURITY: ReadonlyArray<Record<string, readonly string[]>> = [{ xiApiKey: [] }, { apiKey: [] }];
const errorReplies = { '4xx': elevenLabsErrorSchema, '5xx': elevenLabsErrorSchema } as const;
/** Characters of a key shown back as its preview (`ss_` plus 8, as the key list shows it). */
const KEY_PREVIEW_LENGTH = 11;

function requireKey(apiKey: ApiKeyContext | null): ApiKeyContext {
  if (!apiKey) throw new AppError('UNAUTHORIZED', 'Missing API key');
  return apiKey;
}

async function voicesOf(app: FastifyInstance, request: FastifyRequest): Promise<ElevenLabsVoice[]> {
  const origin = originOf(request);
  const voices = await app.voices.list(requireKey(request.apiKey).userId);
  return voices.map((voice) => elevenLabsVoiceOf(voice, origin));
}

const historyQuerySchema = z.object({
  page_size: z.coerce.number().int().min(1).max(1000).default(100),
  start_after_history_item_id: z.string().max(100).optional(),
  voice_id: z.string().max(200).optional(),
  source: z.enum(HISTORY_SOURCES).optional(),
});
const historyItemParamsSchema = z.object({ history_item_id: z.string().max(100) });

/**
 * ElevenLabs' voices, user, subscription and history under /v1, in its shapes (each checked against its official
 * SDK's schema by the contract tests).
 */
export const elevenLabsLibraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const history = new TtsRepository(app.db);
  installDeveloperApiErrors(app, () => 'elevenlabs');
  app.addHook('onRequest', app.authenticateApiKey);

  app.get(
    '/voices',
    {
      schema: {
        tags: TAGS,
        summary: "The library and the caller's own voices, ElevenLabs-shaped (show_legacy changes nothing: there are no legacy voices)",
        security: SECURITY,
        querystring: z.object({ show_legacy: queryFlag.optional() }),
        response: { 200: z.object({ voices: z.array(elevenLabsVoiceSchema) }), ...errorReplies },
      },
    },
    async (request) => ({ voices: await voicesOf(app, request) }),
  );

  app.get(
    '/voices/:voice_id',
    {
      schema: {
        tags: TAGS,
        summary: 'One voice of the library or of the caller',
        security: SECURITY,
        params: z.object({ voice_id: z.string().max(200) }),
        response: { 200: elevenLabsVoiceSchema, ...errorReplies },
      },
    },
    async (request) => {
      const voice = (await voicesOf(app, request)).find((candidate) => candidate.voice_id === request.params.voice_id);
      if (!voice) throw new AppError('NOT_FOUND', `Voice '${request.params.voice_id}' not found`, { reason: 'voice_not_found' });
      return voice;
    },
  );

  app.get(
    '/user/subscription',
    {
      schema: {
        tags: TAGS,
        summary: "Credits spent this month (character_count) against the plan's monthly credits (character_limit), from the ledger",
        security: SECURITY,
        response: { 200: elevenLabsSubscriptionSchema, ...errorReplies },
      },
    },
    async (request) => {
      const { userId } = requireKey(request.apiKey);
      const [figures, voices] = await Promise.all([subscriptionFigures(app.db, userId, app.clock.now()), voicesOf(app, request)]);
      return elevenLabsSubscriptionOf(figures, voices.filter((voice) => voice.is_owner).length);
    },
  );

  app.get(
    '/user',
    {
      schema: {
        tags: TAGS,
        summary: 'The account behind the key, with its subscription',
        security: SECURITY,
        response: { 200: elevenLabsUserSchema, ...errorReplies },
      },
    },
    async (request) => {
      const { userId } = requireKey(request.apiKey);
      const [figures, voices] = await Promise.all([subscriptionFigures(app.db, userId, app.clock.now()), voicesOf(app, request)]);
      const keyPreview = `${(apiKeyOfRequest(request.headers) ?? '').slice(0, KEY_PREVIEW_LENGTH)}…`;
      return elevenLabsUserOf(userId, figures, voices.filter((voice) => voice.is_owner).length, keyPreview);
    },
  );

  app.get(
    '/history',
    {
      schema: {
        tags: TAGS,
        summary:
          "The caller's text-to-speech history, newest first: page with start_after_history_item_id until has_more is " +
          'false; voice_id and source filter it (everything here is source TTS)',
        security: SECURITY,
        querystring: historyQuerySchema,
        response: {
          200: z.object({
            history: z.array(elevenLabsHistoryItemSchema),
            has_more: z.boolean(),
            last_history_item_id: z.string().nullable(),
          }),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const { userId } = requireKey(request.apiKey);
      const query = request.query;
      if (query.source && query.source !== 'TTS') return { history: [], has_more: false, last_history_item_id: null };
      const after = query.start_after_history_item_id ? await history.find(userId, query.start_after_history_item_id) : undefined;
      if (after === null) throw new AppError('NOT_FOUND', 'start_after_history_item_id names no history item of yours', { reason: 'history_item_not_found' });
      // One row more than asked tells whether another page exists.
      const rows = await history.listAfter({
        userId,
        limit: query.page_size + 1,
        ...(after ? { after } : {}),
        ...(query.voice_id ? { voiceId: query.voice_id } : {}),
      });
      const page = rows.slice(0, query.page_size);
      const custom = new Set((await voicesOf(app, request)).filter((voice) => voice.is_owner).map((voice) => voice.voice_id));
      const origin = originOf(request);
      return {
        history: page.map((row) => elevenLabsHistoryItemOf(row, `${origin}${app.mediaLinks.urlFor(row.fileKey)}`, custom.has(row.voiceId))),
        has_more: rows.length > query.page_size,
        last_history_item_id: page.at(-1)?.id ?? null,
      };
    },
  );

  app.get(
    '/history/:history_item_id',
    {
      schema: {
        tags: TAGS,
        summary: 'One history item of the caller',
        security: SECURITY,
        params: historyItemParamsSchema,
        response: { 200: elevenLabsHistoryItemSchema, ...errorReplies },
      },
    },
    async (request) => {
      const { userId } = requireKey(request.apiKey);
      const row = await history.find(userId, request.params.history_item_id);
      if (!row) throw new AppError('NOT_FOUND', 'History item not found', { reason: 'history_item_not_found' });
      const custom = (await voicesOf(app, request)).some((voice) => voice.is_owner && voice.voice_id === row.voiceId);
      return elevenLabsHistoryItemOf(row, `${originOf(request)}${app.mediaLinks.urlFor(row.fileKey)}`, custom);
    },
  );

  app.get(
    '/history/:history_item_id/audio',
    {
      schema: {
        tags: TAGS,
        summary: "A history item's audio (the MP3 kept in history)",
        security: SECURITY,
        params: historyItemParamsSchema,
        produces: ['audio/mpeg'],
        response: { 200: z.unknown().describe('MP3'), ...errorReplies },
      },
    },
    async (request, reply) => {
      const { userId } = requireKey(request.apiKey);
      const row = await history.find(userId, request.params.history_item_id);
      const stored = row ? await app.files.stat(row.fileKey) : null;
      if (!row || !stored) throw new AppError('NOT_FOUND', 'History item not found', { reason: 'history_item_not_found' });
      return reply.type('audio/mpeg').header('content-length', String(stored.size)).send(app.files.read(row.fileKey));
    },
  );
};

const voiceSearchQuerySchema = z.object({
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  next_page_token: z.string().regex(/^\d{1,6}$/, 'next_page_token is the token a previous page returned').optional(),
  search: z.string().max(200).optional(),
  sort: z.enum(['name', 'created_at_unix']).optional(),
  sort_direction: z.enum(['asc', 'desc']).optional(),
  voice_type: z.string().max(40).optional(),
  category: z.string().max(40).optional(),
  gender: z.string().max(40).optional(),
  age: z.string().max(40).optional(),
  language: z.string().max(40).optional(),
  accent: z.string().max(40).optional(),
  voice_ids: z.union([z.string().max(200), z.array(z.string().max(200)).max(100)]).optional(),
  include_total_count: queryFlag.optional(),
});

function sortVoices(voices: ElevenLabsVoice[], sort: string | undefined, direction: string | undefined): ElevenLabsVoice[] {
  // Voices have no creation date here: created_at_unix keeps the library's own order (library first, then yours).
  if (sort !== 'name') return direction === 'desc' ? [...voices].reverse() : voices;
  const sorted = [...voices].sort((a, b) => a.name.localeCompare(b.name));
  return direction === 'desc' ? sorted.reverse() : sorted;
}

/** ElevenLabs' /v2/voices: the same voices, searched, filtered and paged by an opaque token. */
export const elevenLabsV2Routes: FastifyPluginAsyncZod = async (app) => {
  installDeveloperApiErrors(app, () => 'elevenlabs');
  app.setNotFoundHandler(developerApiNotFound);
  app.addHook('onRequest', app.authenticateApiKey);

  app.get(
    '/voices',
    {
      schema: {
        tags: TAGS,
        summary: 'Voices searched by name or description, filtered by category, voice_type, labels or ids, paged by next_page_token',
        security: SECURITY,
        querystring: voiceSearchQuerySchema,
        response: {
          200: z.object({
            voices: z.array(elevenLabsVoiceSchema),
            has_more: z.boolean(),
            total_count: z.number().int(),
            next_page_token: z.string().nullable(),
          }),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const query = request.query;
      const voiceIds = typeof query.voice_ids === 'string' ? [query.voice_ids] : query.voice_ids;
      const filter = {
        ...query,
        ...(query.voice_type ? { voiceType: query.voice_type } : {}),
        ...(voiceIds ? { voiceIds } : {}),
      };
      const found = sortVoices((await voicesOf(app, request)).filter((voice) => matchesVoiceSearch(voice, filter)), query.sort, query.sort_direction);
      const start = Number(query.next_page_token ?? 0);
      const end = start + query.page_size;
      return {
        voices: found.slice(start, end),
        has_more: end < found.length,
        total_count: found.length,
        next_page_token: end < found.length ? String(end) : null,
      };
    },
  );
};
