import fastifyMultipart from '@fastify/multipart';
import { createVoiceCloneProvider, VoiceIsolator, type VoiceCloneProvider } from '@sound-studio/audio';
import { ISOLATOR_JOB_UPDATED_EVENT, UPLOAD_LIMITS } from '@sound-studio/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomVoices } from '../custom-voices/custom-voices.ts';
import { customVoicesRoutes } from '../custom-voices/routes.ts';
import { voiceCloneRoutes } from '../voice-clone/routes.ts';
import { VoiceCloneService } from '../voice-clone/service.ts';
import { voiceDesignRoutes } from '../voice-design/routes.ts';
import { VoiceDesignService } from '../voice-design/service.ts';
import { ISOLATOR_JOB_TYPE, isolatorFailureHandler, isolatorJobHandler, toIsolatorJob } from '../voice-isolator/isolator-job.ts';
import { voiceIsolatorRoutes } from '../voice-isolator/routes.ts';
import { VoiceIsolatorService } from '../voice-isolator/service.ts';

/**
 * The voice lab: My Voices, voice design, voice clone and the voice isolator. One isolator worker pool
 * (ISOLATOR_WORKERS threads) serves isolation, encoding and clone analysis; it closes with the app.
 */
export const voiceLabRoutes: FastifyPluginAsyncZod = async (app) => {
  const isolator = new VoiceIsolator({ workers: app.config.voiceLab.isolatorWorkers });
  app.addHook('onClose', () => isolator.close());
  const customVoices = new CustomVoices(app.db, app.files, app.mediaLinks);
  const { db, clock, files, credits, mediaLinks, speech, jobs } = app;

  app.jobs.register(ISOLATOR_JOB_TYPE, isolatorJobHandler({ isolator, files, credits }), {
    onFailed: isolatorFailureHandler({ files, credits }),
  });
  app.jobs.onUpdate((job) => {
    if (job.type === ISOLATOR_JOB_TYPE) app.realtime.emitToUser(job.userId, ISOLATOR_JOB_UPDATED_EVENT, toIsolatorJob(job, mediaLinks));
  });
  // Per-route limits are set where each form is read; these are the outer bounds.
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_LIMITS.isolatorFileBytes, files: UPLOAD_LIMITS.cloneSamplesMax } });

  const isolatorService = new VoiceIsolatorService({ db, clock, files, credits, jobs, mediaLinks, plans: customVoices.repository });
  const designService = new VoiceDesignService({ db, clock, speech, files, mediaLinks, customVoices });
  const cloneService = new VoiceCloneService({
    db, clock, credits, files, speech, isolator, customVoices, provider: cloneProviderOf(app, isolator),
  });
  await app.register(customVoicesRoutes(customVoices));
  await app.register(voiceDesignRoutes(designService));
  await app.register(voiceCloneRoutes(cloneService));
  await app.register(voiceIsolatorRoutes(isolatorService));
};

function cloneProviderOf(app: FastifyInstance, isolator: VoiceIsolator): VoiceCloneProvider {
  const config = app.config.voiceLab.cloneProvider;
  if (config.provider === 'local') return createVoiceCloneProvider({ provider: 'local', engine: app.speech, isolator });
  return createVoiceCloneProvider({
    provider: 'minimax',
    apiKey: config.apiKey,
    isolator,
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    ...(config.groupId ? { groupId: config.groupId } : {}),
  });
}
