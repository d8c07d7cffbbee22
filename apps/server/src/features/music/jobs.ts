import type { MusicEngine } from '@sound-studio/audio';
import type { CloseJobResources, JobServices } from '../../jobs/job-services.ts';
import { LazyMusicEngine } from './engine.ts';
import { FeaturedService } from './featured.ts';
import { musicFailureHandler, musicJobHandler } from './generate-job.ts';
import { MusicRepository } from './repository.ts';
import { MUSIC_JOB_TYPE } from './service.ts';

export interface MusicJobs {
  /** Stops the render of a track this process is running (deleting an unfinished track). */
  cancelRunning(trackId: string): void;
  close: CloseJobResources;
}

/**
 * Music rendering as a job, and what follows a finished featured track (announce it, queue the next), in whichever
 * process runs workers. The engine starts on the first job, so an API node that runs none never starts render workers.
 * A caller that passes its own engine (API tests) also closes it.
 */
export function registerMusicJobs(services: JobServices, ownEngine?: MusicEngine): MusicJobs {
  const { db, files, fileDeletions, mediaLinks, realtime, credits, clock, jobs, log } = services;
  const repository = new MusicRepository(db);
  const engine = ownEngine ?? new LazyMusicEngine(services.config.music);
  const running = new Map<string, AbortController>();
  const common = { db, repository, files, fileDeletions, mediaLinks, realtime };
  const featured = new FeaturedService({ ...common, jobs });

  jobs.register(MUSIC_JOB_TYPE, musicJobHandler({ ...common, engine, credits, clock, running }), {
    onFailed: musicFailureHandler({ ...common, credits }),
  });
  jobs.onUpdate((job) => {
    if (job.type !== MUSIC_JOB_TYPE || (job.status !== 'completed' && job.status !== 'failed')) return;
    void announceAndContinue(featured, repository, job.id, job.userId, job.status === 'completed').catch((error: unknown) =>
      log.warn({ err: error }, 'could not announce a featured track or queue the next one'),
    );
  });
  return {
    cancelRunning: (trackId) => running.get(trackId)?.abort(new Error('The track was deleted')),
    close: async () => {
      if (!ownEngine) await engine.close();
    },
  };
}

async function announceAndContinue(featured: FeaturedService, repository: MusicRepository, trackId: string, userId: string, completed: boolean): Promise<void> {
  const entry = completed ? await repository.findFeatured(trackId) : null;
  if (entry) featured.announceCompleted(entry);
  await featured.continueCatalogue(userId);
}
