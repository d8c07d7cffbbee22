import fastifyMultipart from '@fastify/multipart';
import { UPLOAD_LIMITS } from '@sound-studio/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomVoices } from '../custom-voices/custom-voices.ts';
import { customVoicesRoutes } from '../custom-voices/routes.ts';
import { voiceCloneRoutes } from '../voice-clone/routes.ts';
import { VoiceCloneService } from '../voice-clone/service.ts';
import { voiceDesignRoutes } from '../voice-design/routes.ts';
import { VoiceDesignService } from '../voice-design/service.ts';
import { voiceIsolatorRoutes } from '../voice-isolator/routes.ts';
import { VoiceIsolatorService } from '../voice-isolator/service.ts';
import { voiceLabScratchFolder } from './form-to-disk.ts';

/**
 * The voice lab: My Voices, voice design, voice clone and the voice isolator. Isolation and cloning run as jobs whose
 * handlers and worker pools are registered apart (voice-isolator/jobs.ts, voice-clone/jobs.ts). Uploads stream to a
 * folder in DATA_DIR.
 */
export const voiceLabRoutes: FastifyPluginAsyncZod = async (app) => {
  const customVoices = new CustomVoices(app.db, app.fileDeletions, app.mediaLinks);
  const { db, clock, files, fileDeletions, credits, mediaLinks, speech, jobs } = app;
  const uploadDir = await voiceLabScratchFolder(app.config);
  // Per-route limits are set where each form is read; these are the outer bounds.
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_LIMITS.isolatorFileBytes, files: UPLOAD_LIMITS.cloneSamplesMax } });

  const isolatorService = new VoiceIsolatorService({ db, clock, files, fileDeletions, credits, jobs, mediaLinks, plans: customVoices.repository });
  const designService = new VoiceDesignService({ db, clock, speech, files, fileDeletions, mediaLinks, customVoices });
  const cloneService = new VoiceCloneService({ db, clock, credits, files, fileDeletions, jobs, customVoices });
  await app.register(customVoicesRoutes(customVoices));
  await app.register(voiceDesignRoutes(designService));
  await app.register(voiceCloneRoutes(cloneService, uploadDir));
  await app.register(voiceIsolatorRoutes(isolatorService, uploadDir));
};
