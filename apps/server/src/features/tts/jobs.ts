import { TTS_JOB_UPDATED_EVENT } from '@sound-studio/shared';
import type { CloseJobResources, JobServices } from '../../jobs/job-services.ts';
import { LONG_FORM_JOB_TYPE, longFormFailureHandler, longFormHandler, toTtsJob } from './long-form.ts';
import { ttsServiceFor } from './service.ts';

/** Long-form speech: the handler and its realtime updates, in whichever process runs workers. */
export function registerTtsJobs(services: JobServices): CloseJobResources {
  const { credits, fileDeletions, mediaLinks, speech, voices, log, jobs, realtime } = services;
  const service = ttsServiceFor(services);
  const dependencies = { service, speech, fileDeletions, credits, voices, mediaLinks, log };
  jobs.register(LONG_FORM_JOB_TYPE, longFormHandler(dependencies), { onFailed: longFormFailureHandler(dependencies) });
  jobs.onUpdate((job) => {
    if (job.type === LONG_FORM_JOB_TYPE) realtime.emitToUser(job.userId, TTS_JOB_UPDATED_EVENT, toTtsJob(job, mediaLinks));
  });
  return async () => {};
}
