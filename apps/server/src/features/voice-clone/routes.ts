import { CLONE_PREVIEW_LANGUAGES, successEnvelope, voiceCloneJobSchema } from '@sound-studio/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/authentication.ts';
import { errorReplies, ok, SECURITY } from '../../lib/http.ts';
import { requirePlanFeature } from '../../lib/plan-features.ts';
import type { VoiceCloneService } from './service.ts';
import { receiveCloneUpload } from './upload.ts';

const TAGS = ['voice-clone'];
const idParamsSchema = z.object({ id: z.string().max(100) });

/** For the API document only: the body is read part by part by receiveCloneUpload. */
const cloneFormSchema = z.object({
  samples: z
    .array(z.string().meta({ format: 'binary' }))
    .describe('1 to 10 audio files (also accepted as samples[]), each 10 to 60 s and at most 20 MB, checked by content'),
  name: z.string().describe('1 to 50 characters'),
  removeNoise: z.enum(['true', 'false']).optional().describe("Run the voice isolator's pipeline over the samples"),
  optimizeAccent: z.enum(['true', 'false']).optional().describe('Loudness normalisation and silence trimming'),
  previewLanguage: z.enum(CLONE_PREVIEW_LANGUAGES).optional(),
  previewText: z.string().optional().describe('At most 500 characters; the language’s sample sentence by default'),
  consent: z.literal('true').describe('The creator confirms they have the right to use this voice'),
});

/** Voice clone: samples -> a job with progress -> a voice in My Voices (2000 credits on the free plan, one slot). */
export function voiceCloneRoutes(service: VoiceCloneService, uploadDir: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/voice-clone/voices',
      {
        onRequest: [app.authenticate, requirePlanFeature(app.db, 'voiceCloning')],
        schema: {
          tags: TAGS,
          summary:
            'Clone a voice from samples (multipart). The samples are checked by content and length now and the ' +
            "plan's clone rate is held; the reply is a job (poll GET /voice-clone/jobs/{id}) whose result is the voice. " +
            "Locally this is a match of the samples' pitch, range, rate and brightness (the result's match says how " +
            'close); with MiniMax configured, a real clone. Takes a voice slot; any failure charges nothing',
          security: SECURITY.bearerAndCsrf,
          consumes: ['multipart/form-data'],
          body: cloneFormSchema,
          response: { 201: successEnvelope(voiceCloneJobSchema), ...errorReplies },
        },
        validatorCompiler: () => (data) => ({ value: data }),
      },
      async (request, reply) => {
        const userId = requireAuth(request).userId;
        const upload = await receiveCloneUpload(request, uploadDir);
        return reply.status(201).send(ok(await service.submit(userId, upload)));
      },
    );

    app.get(
      '/voice-clone/jobs/:id',
      {
        onRequest: app.authenticate,
        schema: {
          tags: TAGS,
          summary: 'One clone: status, progress (0 to 1) and, once completed, the voice (result)',
          security: SECURITY.bearer,
          params: idParamsSchema,
          response: { 200: successEnvelope(voiceCloneJobSchema), ...errorReplies },
        },
      },
      async (request) => ok(await service.find(requireAuth(request).userId, request.params.id)),
    );
  };
}
