import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CAPTION_FORMATS,
  DOCUMENT_MODES,
  documentReplySchema,
  speechTimingsSchema,
  successEnvelope,
  ttsDeleteReplySchema,
  ttsHistoryQuerySchema,
  ttsHistoryReplySchema,
  ttsJobSchema,
  ttsRequestSchema,
  ttsResponseSchema,
  type TtsResponse,
  workLicenseSchema,
} from '@sound-studio/shared';
import { z } from 'zod';
import { JobStore } from '../../jobs/job-store.ts';
import { requireAuth } from '../../lib/authentication.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { requirePlanFeature } from '../../lib/plan-features.ts';
import { issueWorkLicense, spokenWorkTitle } from '../../lib/work-license.ts';
import { processScratchFolder } from '../../lib/process-folder.ts';
import { errorReplies, ok, SECURITY } from '../../lib/http.ts';
import { DEFAULT_EXTRACTOR_LIMITS, DocumentExtractor } from './document-extractor.ts';
import { documentUploadDirectory, handleDocument, MULTIPART_LIMITS, readUpload } from './documents.ts';
import { LONG_FORM_JOB_TYPE, toTtsJob } from './long-form.ts';
import { ttsServiceFor } from './service.ts';
import { streamSpeech } from './stream.ts';

const TAGS = ['text-to-speech'];

/**
 * The upload form, for the API document only: the body is read part by part (readUpload) with its own limits and
 * checks, so this schema is never used to validate.
 */
const documentFormSchema = z.object({
  file: z.string().meta({ format: 'binary' }).describe('The document: .pdf, .txt, .html or .docx, at most 50 MB'),
  voiceId: z.string().optional().describe('Needed when the text is longer than 5,000 characters'),
  mood: ttsRequestSchema.shape.mood,
  speed: z.string().optional().describe('0.5 to 2'),
  pitch: z.string().optional().describe('-1 to 1'),
  volume: z.string().optional().describe('0 to 1'),
  language: ttsRequestSchema.shape.language,
  model: ttsRequestSchema.shape.model.optional(),
  mode: z
    .enum(DOCUMENT_MODES)
    .optional()
    .describe('create (default): start the long-form job; estimate: only price a long document (credits, parts), nothing is held'),
});
const idParamsSchema = z.object({ id: z.string().max(100) });
const CAPTION_CONTENT_TYPES = { srt: 'application/x-subrip', vtt: 'text/vtt' } as const;

/**
 * Text-to-speech: generation (whole file or streamed), history, document upload and long-form jobs. The long-form
 * job handler is registered apart from the routes (jobs.ts), so `npm run worker` runs it without this plugin.
 */
export const ttsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = ttsServiceFor(app);
  const jobStore = new JobStore(app.db, app.clock);
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  const extractor = new DocumentExtractor({ ...DEFAULT_EXTRACTOR_LIMITS, log: app.log });
  app.addHook('onClose', () => extractor.close());
  // Documents are read within seconds: another host's upload an hour old was left by a process killed mid-upload.
  const uploadDirectory = await processScratchFolder(documentUploadDirectory(app.config.dataDir), 60 * 60 * 1000);

  app.post(
    '/voices/generate-tts',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Generate speech (1 credit per character on the free plan): replies the signed audioUrl and the kept generation',
        security: SECURITY.bearerAndCsrf,
        body: ttsRequestSchema,
        response: { 200: ttsResponseSchema, ...errorReplies },
      },
    },
    async (request): Promise<TtsResponse> => {
      const reply = await service.generate(requireAuth(request).userId, request.body);
      // Section 7 reads audioUrl beside success; our web client reads the whole reply from data.
      return { success: true, audioUrl: reply.audioUrl, data: reply };
    },
  );

  app.post(
    '/voices/generate-tts/stream',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary:
          'Generate speech as a chunked audio/mpeg stream, sentence by sentence; X-Generation-Id names the history ' +
          'entry kept when the stream completes. A client that disconnects pays only for the sentences it was sent.',
        security: SECURITY.bearerAndCsrf,
        body: ttsRequestSchema,
        produces: ['audio/mpeg', 'application/json'],
        response: { 200: z.unknown().describe('MP3 audio, chunked'), ...errorReplies },
      },
    },
    async (request, reply) => {
      const prepared = await service.prepare(requireAuth(request).userId, request.body);
      await streamSpeech({ service, speech: app.speech, files: app.files, log: request.log }, prepared, reply);
      return reply;
    },
  );

  app.get(
    '/tts/history',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "The caller's generations, newest first: search text and voice name (q), range all/today/week/month (UTC; week and month are the last 7 and 30 days), paged",
        security: SECURITY.bearer,
        querystring: ttsHistoryQuerySchema,
        response: { 200: successEnvelope(ttsHistoryReplySchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.history(requireAuth(request).userId, request.query)),
  );

  app.delete(
    '/tts/history/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Delete one generation and its audio file',
        security: SECURITY.bearerAndCsrf,
        params: idParamsSchema,
        response: { 200: successEnvelope(ttsDeleteReplySchema), ...errorReplies },
      },
    },
    async (request) => ok({ deleted: await service.deleteOne(requireAuth(request).userId, request.params.id) }),
  );

  app.delete(
    '/tts/history',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "Clear the caller's whole history (files too)",
        security: SECURITY.bearerAndCsrf,
        response: { 200: successEnvelope(ttsDeleteReplySchema), ...errorReplies },
      },
    },
    async (request) => ok({ deleted: await service.deleteAll(requireAuth(request).userId) }),
  );

  app.get(
    '/tts/history/:id/timings',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "Word timings of one of the caller's generations (offsets into its text, seconds into its MP3), for highlighting words during playback",
        security: SECURITY.bearer,
        params: idParamsSchema,
        response: { 200: successEnvelope(speechTimingsSchema), ...errorReplies },
      },
    },
    async (request) => ok(await service.timings(requireAuth(request).userId, request.params.id)),
  );

  app.get(
    '/tts/history/:id/license',
    {
      onRequest: [app.authenticate],
      // After validation (no upload to spare here): a malformed id is a 400 whatever the plan.
      preHandler: [requirePlanFeature(app.db, 'commercialLicense')],
      schema: {
        tags: TAGS,
        summary:
          "Commercial license certificate for one of the caller's generations (plans with commercialLicense; others " +
          "get 403 FEATURE_NOT_IN_PLAN with the upgrade link; others' generations are not found)",
        security: SECURITY.bearer,
        params: idParamsSchema,
        response: { 200: successEnvelope(workLicenseSchema), ...errorReplies },
      },
    },
    async (request) => {
      const userId = requireAuth(request).userId;
      const generation = await service.repository.find(userId, request.params.id);
      if (!generation) throw new AppError('NOT_FOUND', 'Generation not found');
      const work = { kind: 'speech' as const, id: generation.id, title: spokenWorkTitle(generation.text), createdAt: generation.createdAt };
      return ok(await issueWorkLicense({ db: app.db, clock: app.clock }, userId, work));
    },
  );

  for (const format of CAPTION_FORMATS) {
    app.get(
      `/tts/history/:id/captions.${format}`,
      {
        onRequest: app.authenticate,
        schema: {
          tags: TAGS,
          summary: `Captions of one of the caller's generations as ${format === 'srt' ? 'SubRip (SRT)' : 'WebVTT'}, from the engine's word timings`,
          security: SECURITY.bearer,
          params: idParamsSchema,
          produces: [CAPTION_CONTENT_TYPES[format]],
          response: { 200: z.string().describe('The caption file'), ...errorReplies },
        },
      },
      async (request, reply) => {
        const captions = await service.captions(requireAuth(request).userId, request.params.id, format);
        return reply
          .header('content-type', `${CAPTION_CONTENT_TYPES[format]}; charset=utf-8`)
          .header('content-disposition', `attachment; filename="${request.params.id}.${format}"`)
          .header('cache-control', 'private, no-store')
          .send(captions);
      },
    );
  }

  app.post(
    '/tts/documents',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary:
          'Upload a .pdf, .txt, .html or .docx (multipart: file, and for long documents voiceId plus optional mood, ' +
          'speed, pitch, volume, language, model). Up to 5,000 characters the text comes back for the editor; longer ' +
          'texts (up to 200,000) become a long-form job',
        security: SECURITY.bearerAndCsrf,
        consumes: ['multipart/form-data'],
        body: documentFormSchema,
        response: { 200: successEnvelope(documentReplySchema), ...errorReplies },
      },
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request) => {
      const userId = requireAuth(request).userId;
      const upload = await readUpload(request, uploadDirectory);
      const documentDependencies = {
        repository: service.repository,
        voices: app.voices,
        credits: app.credits,
        jobs: app.jobs,
        mediaLinks: app.mediaLinks,
        extractor,
      };
      try {
        return ok(await handleDocument(documentDependencies, userId, upload));
      } finally {
        await upload.file.remove();
      }
    },
  );

  app.get(
    '/tts/jobs/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'A long-form job: status, progress (0 to 1) and, when completed, the audioUrl',
        security: SECURITY.bearer,
        params: idParamsSchema,
        response: { 200: successEnvelope(ttsJobSchema), ...errorReplies },
      },
    },
    async (request) => {
      const job = isUuid(request.params.id) ? await jobStore.find(request.params.id) : null;
      if (!job || job.userId !== requireAuth(request).userId || job.type !== LONG_FORM_JOB_TYPE) {
        throw new AppError('NOT_FOUND', 'Job not found');
      }
      return ok(toTtsJob(job, app.mediaLinks));
    },
  );
};
