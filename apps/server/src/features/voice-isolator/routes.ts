import { isolatorJobListSchema, isolatorJobSchema, successEnvelope } from '@sound-studio/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../lib/authentication.ts';
import { errorReplies, ok, SECURITY } from '../../lib/http.ts';
import { requirePlanFeature } from '../../lib/plan-features.ts';
import type { VoiceIsolatorService } from './service.ts';
import { receiveIsolatorUpload } from './upload.ts';

const TAGS = ['voice-isolator'];
const idParamsSchema = z.object({ id: z.string().max(100) });
/** For the API document only: the body is streamed part by part by receiveIsolatorUpload. */
const isolatorFormSchema = z.object({
  file: z.string().meta({ format: 'binary' }).describe('Audio or video (checked by content), at most 500 MB and 300 s'),
});

/** The voice isolator: upload -> job with progress -> clean speech (MP3, WAV) and the original for A/B; history. */
export function voiceIsolatorRoutes(service: VoiceIsolatorService, uploadDir: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/voice-isolator/jobs',
      {
        onRequest: [app.authenticate, requirePlanFeature(app.db, 'voiceIsolator')],
        schema: {
          tags: TAGS,
          summary:
            'Separate speech from noise (multipart: file). The file is checked by content now; the job costs the ' +
            "plan's rate (100 credits) per started minute, held now and charged when done",
          security: SECURITY.bearerAndCsrf,
          consumes: ['multipart/form-data'],
          body: isolatorFormSchema,
          response: { 201: successEnvelope(isolatorJobSchema), ...errorReplies },
        },
        validatorCompiler: () => (data) => ({ value: data }),
      },
      async (request, reply) => {
        const userId = requireAuth(request).userId;
        const upload = await receiveIsolatorUpload(request, uploadDir);
        return reply.status(201).send(ok(await service.create(userId, upload)));
      },
    );

    app.get(
      '/voice-isolator/jobs',
      {
        onRequest: app.authenticate,
        schema: {
          tags: TAGS,
          summary: "The caller's isolations, newest first (the latest 100), with fresh signed links",
          security: SECURITY.bearer,
          response: { 200: successEnvelope(isolatorJobListSchema), ...errorReplies },
        },
      },
      async (request) => ok(await service.history(requireAuth(request).userId)),
    );

    app.get(
      '/voice-isolator/jobs/:id',
      {
        onRequest: app.authenticate,
        schema: {
          tags: TAGS,
          summary: 'One isolation: status, progress (0 to 1) and, once completed, resultUrl, resultWavUrl and originalUrl',
          security: SECURITY.bearer,
          params: idParamsSchema,
          response: { 200: successEnvelope(isolatorJobSchema), ...errorReplies },
        },
      },
      async (request) => ok(await service.find(requireAuth(request).userId, request.params.id)),
    );
  };
}
