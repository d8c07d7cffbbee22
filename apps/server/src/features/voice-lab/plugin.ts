import fastifyMultipart from '@fastify/multipart';
import { createVoiceCloneProvider, VoiceIsolator, type VoiceCloneProvider } from '@sound-studio/audio';
import { ISOLATOR_JOB_UPDATED_EVENT, UPLOAD_LIMITS, VOICE_CLONE_JOB_UPDATED_EVENT } from '@sound-studio/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomVoices } from '../custom-voices/custom-voices.ts';
import { customVoicesRoutes } from '../custom-voices/routes.ts';
import { cloneFailureHandler, cloneJobHandler, toVoiceCloneJob, VOICE_CLONE_JOB_SLOTS, VOICE_CLONE_JOB_TYPE } from '../voice-clone/clone-job.ts';
import { voiceCloneRoutes } from '../voice-clone/routes.ts';
import { VoiceCloneService } from '../voice-clone/service.ts';
import { voiceDesignRoutes } from '../voice-design/routes.ts';
import { VoiceDesignService } from '../voice-design/service.ts';
import { ISOLATOR_JOB_TYPE, isolatorFailureHandler, isolatorJobHandler, toIsolatorJob } from '../voice-isolator/isolator-job.ts';
import { voiceIsolatorRoutes } from '../voice-isolator/routes.ts';
import { VoiceIsolatorService } from '../voice-isolator/service.ts';
import { prepareUploadDir, voiceLabUploadDir } from './form-to-disk.ts';

/** Upload files older than this in the upload folder were left by a process that died mid-request. */
const STALE_UPLOAD_MS = 6 * 60 * 60_000;

/**
 * The voice lab: My Voices, voice design, voice clone and the voice isolator. The isolator's worker pool
 * (ISOLATOR_WORKERS threads) serves isolation; clones have a pool (one thread) and job slots of their own, so a clone
 * never waits behind a long isolation. Uploads stream to a folder in DATA_DIR. Both pools close with the app.
 */
export const voiceLabRoutes: FastifyPluginAsyncZod = async (app) => {
  const isolator = new VoiceIsolator({ workers: app.config.voiceLab.isolatorWorkers });
  const cloneWorkers = new VoiceIsolator({ workers: 1 });
  app.addHook('onClose', () => Promise.all([isolator.close(), cloneWorkers.close()]));
  const customVoices = new CustomVoices(app.db, app.files, app.mediaLinks);
  const { db, clock, files, credits, mediaLinks, speech, jobs } = app;
  const uploadDir = voiceLabUploadDir(app.config);
  await prepareUploadDir(uploadDir, STALE_UPLOAD_MS);

  app.jobs.register(ISOLATOR_JOB_TYPE, isolatorJobHandler({ isolator, files, credits, scratchDir: uploadDir }), {
    onFailed: isolatorFailureHandler({ files, credits }),
  });
  const cloneJobs = {
    db, clock, credits, files, speech, customVoices, workers: cloneWorkers, provider: cloneProviderOf(app, cloneWorkers), scratchDir: uploadDir,
  };
  app.jobs.register(VOICE_CLONE_JOB_TYPE, cloneJobHandler(cloneJobs), { onFailed: cloneFailureHandler(cloneJobs), ownSlots: VOICE_CLONE_JOB_SLOTS });
  app.jobs.onUpdate((job) => {
    if (job.type === ISOLATOR_JOB_TYPE) app.realtime.emitToUser(job.userId, ISOLATOR_JOB_UPDATED_EVENT, toIsolatorJob(job, mediaLinks));
    if (job.type === VOICE_CLONE_JOB_TYPE) {
      toVoiceCloneJob(job, customVoices).then(
        (update) => app.realtime.emitToUser(job.userId, VOICE_CLONE_JOB_UPDATED_EVENT, update),
        (error: unknown) => app.log.warn({ err: error, jobId: job.id }, 'could not announce a clone job update'),
      );
    }
  });
  // Per-route limits are set where each form is read; these are the outer bounds.
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_LIMITS.isolatorFileBytes, files: UPLOAD_LIMITS.cloneSamplesMax } });

  const isolatorService = new VoiceIsolatorService({ db, clock, files, credits, jobs, mediaLinks, plans: customVoices.repository });
  const designService = new VoiceDesignService({ db, clock, speech, files, mediaLinks, customVoices });
  const cloneService = new VoiceCloneService({ db, clock, credits, files, jobs, customVoices });
  await app.register(customVoicesRoutes(customVoices));
  await app.register(voiceDesignRoutes(designService));
  await app.register(voiceCloneRoutes(cloneService, uploadDir));
  await app.register(voiceIsolatorRoutes(isolatorService, uploadDir));
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
