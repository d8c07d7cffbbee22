import { VoiceIsolator } from '@sound-studio/audio';
import { ISOLATOR_JOB_UPDATED_EVENT } from '@sound-studio/shared';
import type { CloseJobResources, JobServices } from '../../jobs/job-services.ts';
import { voiceLabScratchFolder } from '../voice-lab/form-to-disk.ts';
import { ISOLATOR_JOB_TYPE, isolatorFailureHandler, isolatorJobHandler, toIsolatorJob } from './isolator-job.ts';

/**
 * The voice isolator's job: its worker pool (ISOLATOR_WORKERS threads) serves isolation only, so a clone never waits
 * behind a long isolation. Decoding copies stored uploads to this process's voice-lab folder in DATA_DIR.
 */
export async function registerVoiceIsolatorJobs(services: JobServices): Promise<CloseJobResources> {
  const { files, fileDeletions, credits, mediaLinks, jobs, realtime } = services;
  const scratchDir = await voiceLabScratchFolder(services.config);
  const isolator = new VoiceIsolator({ workers: services.config.voiceLab.isolatorWorkers });
  jobs.register(ISOLATOR_JOB_TYPE, isolatorJobHandler({ isolator, files, fileDeletions, credits, scratchDir }), {
    onFailed: isolatorFailureHandler({ fileDeletions, credits }),
  });
  jobs.onUpdate((job) => {
    if (job.type === ISOLATOR_JOB_TYPE) realtime.emitToUser(job.userId, ISOLATOR_JOB_UPDATED_EVENT, toIsolatorJob(job, mediaLinks));
  });
  return () => isolator.close();
}
