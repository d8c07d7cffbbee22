import type { MusicEngine } from '@sound-studio/audio';
import type { CloseJobResources, JobServices } from './jobs/job-services.ts';
import { registerMusicJobs, type MusicJobs } from './features/music/jobs.ts';
import { registerTtsJobs } from './features/tts/jobs.ts';
import { registerVoiceCloneJobs } from './features/voice-clone/jobs.ts';
import { registerVoiceIsolatorJobs } from './features/voice-isolator/jobs.ts';

export interface JobHandlers {
  music: MusicJobs;
  /** Closes the handlers' worker pools and engines; call once the queue has stopped. */
  close: CloseJobResources;
}

/**
 * Every feature's job handlers on the queue: the API server (RUN_WORKERS) and `npm run worker` register the same
 * ones, the worker without building the HTTP app.
 */
export interface JobHandlerOptions {
  /** A music engine the caller owns and closes (API tests pass a fast one); otherwise the configured one. */
  musicEngine?: MusicEngine;
}

export async function registerJobHandlers(services: JobServices, options: JobHandlerOptions = {}): Promise<JobHandlers> {
  const closers: CloseJobResources[] = [];
  try {
    closers.push(registerTtsJobs(services));
    const music = registerMusicJobs(services, options.musicEngine);
    closers.push(music.close);
    closers.push(await registerVoiceIsolatorJobs(services));
    closers.push(await registerVoiceCloneJobs(services));
    return { music, close: () => closeAll(closers) };
  } catch (error) {
    await closeAll(closers);
    throw error;
  }
}

async function closeAll(closers: readonly CloseJobResources[]): Promise<void> {
  await Promise.all(closers.map((close) => close()));
}
