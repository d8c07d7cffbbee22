import type { SpeechEngine } from '@sound-studio/audio';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { CreditService } from '../lib/credit-service.ts';
import type { FileDeletions } from '../lib/file-store/file-deletions.ts';
import type { FileStore } from '../lib/file-store/file-store.ts';
import type { MediaLinks } from '../lib/media-links.ts';
import type { RealtimeHub } from '../lib/realtime-hub.ts';
import type { VoiceDirectory } from '../lib/voice-directory.ts';
import type { JobQueue } from './types.ts';

/**
 * What job handlers need: the database, the queue, storage, engines and the realtime hub, nothing of HTTP. The API
 * server passes its Fastify instance (which decorates all of these); `npm run worker` builds them without one.
 */
export interface JobServices {
  config: AppConfig;
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  credits: CreditService;
  files: FileStore;
  fileDeletions: FileDeletions;
  mediaLinks: MediaLinks;
  speech: SpeechEngine;
  voices: VoiceDirectory;
  jobs: JobQueue;
  realtime: RealtimeHub;
}

/** Releases what a feature's handlers hold (worker pools, engines) once the queue has stopped. */
export type CloseJobResources = () => Promise<void>;
