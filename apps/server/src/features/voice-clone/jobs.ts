import { createVoiceCloneProvider, VoiceIsolator, type SpeechEngine, type VoiceCloneProvider } from '@sound-studio/audio';
import { VOICE_CLONE_JOB_UPDATED_EVENT } from '@sound-studio/shared';
import type { AppConfig } from '../../config.ts';
import type { CloseJobResources, JobServices } from '../../jobs/job-services.ts';
import { CustomVoices } from '../custom-voices/custom-voices.ts';
import { voiceLabScratchFolder } from '../voice-lab/form-to-disk.ts';
import { cloneFailureHandler, cloneJobHandler, toVoiceCloneJob, VOICE_CLONE_JOB_SLOTS, VOICE_CLONE_JOB_TYPE } from './clone-job.ts';

/**
 * Voice cloning as a job: a worker pool (one thread) and job slots of its own, so a clone never waits behind a long
 * isolation. Stored samples are copied to this process's voice-lab folder in DATA_DIR for the decoder.
 */
export async function registerVoiceCloneJobs(services: JobServices): Promise<CloseJobResources> {
  const { db, clock, credits, files, fileDeletions, speech, mediaLinks, jobs, realtime, log } = services;
  const scratchDir = await voiceLabScratchFolder(services.config);
  const workers = new VoiceIsolator({ workers: 1 });
  const customVoices = new CustomVoices(db, fileDeletions, mediaLinks);
  const provider = cloneProviderOf(services.config.voiceLab.cloneProvider, speech, workers);
  const dependencies = { db, clock, credits, files, fileDeletions, speech, customVoices, workers, provider, scratchDir };
  jobs.register(VOICE_CLONE_JOB_TYPE, cloneJobHandler(dependencies), {
    onFailed: cloneFailureHandler(dependencies),
    ownSlots: VOICE_CLONE_JOB_SLOTS,
  });
  jobs.onUpdate((job) => {
    if (job.type !== VOICE_CLONE_JOB_TYPE) return;
    toVoiceCloneJob(job, customVoices).then(
      (update) => realtime.emitToUser(job.userId, VOICE_CLONE_JOB_UPDATED_EVENT, update),
      (error: unknown) => log.warn({ err: error, jobId: job.id }, 'could not announce a clone job update'),
    );
  });
  return () => workers.close();
}

function cloneProviderOf(
  config: AppConfig['voiceLab']['cloneProvider'],
  speech: SpeechEngine,
  isolator: VoiceIsolator,
): VoiceCloneProvider {
  if (config.provider === 'local') return createVoiceCloneProvider({ provider: 'local', engine: speech, isolator });
  return createVoiceCloneProvider({
    provider: 'minimax',
    apiKey: config.apiKey,
    isolator,
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    ...(config.groupId ? { groupId: config.groupId } : {}),
    ...(config.speechModel ? { speechModel: config.speechModel } : {}),
  });
}
