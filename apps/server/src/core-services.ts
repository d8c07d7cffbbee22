import {
  createUpstreamEngine,
  NeuralRoutingSpeechEngine,
  NeuralSpeechEngine,
  UpstreamRoutingSpeechEngine,
  type SpeechEngine,
  type UpstreamSpeechEngine,
} from '@sound-studio/audio';
import { Redis } from 'ioredis';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { CustomVoices } from './features/custom-voices/custom-voices.ts';
import { createJobQueue } from './jobs/create-job-queue.ts';
import type { JobLogger } from './jobs/job-runner.ts';
import type { JobQueue } from './jobs/types.ts';
import type { Clock } from './lib/clock.ts';
import { createFileStore, prepareFileStore } from './lib/file-store/create-file-store.ts';
import { FileDeletions } from './lib/file-store/file-deletions.ts';
import type { FileStore } from './lib/file-store/file-store.ts';
import { MediaLinks } from './lib/media-links.ts';
import { createConfiguredSpeechEngine, LazySpeechEngine } from './lib/speech/engine.ts';
import { NeuralVoiceLibrary } from './lib/neural-voices.ts';
import { UpstreamVoiceLibrary } from './lib/upstream-voices.ts';
import { VoiceDirectory } from './lib/voice-directory.ts';

/**
 * The services the API server (app.ts) and the job worker (worker-bootstrap.ts) build alike, so both run jobs over the
 * same storage, engine and queue.
 */

/** The speech engine SPEECH_PROVIDER selects, started on first use. */
export function createSpeechEngine(config: AppConfig): SpeechEngine {
  return new LazySpeechEngine(config.speech.provider, () => createConfiguredSpeechEngine(config.speech));
}

/**
 * Routes installed neural voices to their own engine (onnxruntime-node threads, started on the first neural request)
 * and everything else to `base`. With `ownsBase` false (tests share one eSpeak engine), closing leaves `base` open.
 */
export function withNeuralVoices(config: AppConfig, base: SpeechEngine, ownsBase: boolean): NeuralRoutingSpeechEngine {
  const workers = config.speech.provider === 'local' ? config.speech.workers : null;
  return new NeuralRoutingSpeechEngine(base, () => new NeuralSpeechEngine(workers ? { workers } : {}), { ownsBase });
}

/** One engine per SPEECH_PROVIDERS entry, by name: the routing engine speaks through them, the library lists them. */
export function createUpstreamEngines(config: AppConfig): Map<string, UpstreamSpeechEngine> {
  return new Map(
    config.speechProviders.map((provider) => [
      provider.name,
      createUpstreamEngine({
        type: provider.type,
        name: provider.name,
        apiKey: provider.apiKey,
        timeoutMs: provider.timeoutMs,
        voices: provider.voices,
        ...(provider.baseUrl ? { baseUrl: provider.baseUrl } : {}),
        ...(provider.model ? { model: provider.model } : {}),
        ...(provider.groupId ? { groupId: provider.groupId } : {}),
      }),
    ]),
  );
}

/**
 * The engine every feature speaks through: upstream voices go to their provider, installed neural voices to the
 * neural engine, everything else to `base`. With `ownsBase` false (tests share one eSpeak engine) `base` stays open.
 */
export function createSpeechRouting(
  config: AppConfig,
  base: SpeechEngine,
  ownsBase: boolean,
  upstreams: ReadonlyMap<string, UpstreamSpeechEngine>,
): SpeechEngine {
  return new UpstreamRoutingSpeechEngine(withNeuralVoices(config, base, ownsBase), upstreams);
}

export interface MediaServices {
  files: FileStore;
  /** Deletes stored files with their records and sweeps what a failed record or a store outage left behind. */
  fileDeletions: FileDeletions;
  mediaLinks: MediaLinks;
  voices: VoiceDirectory;
  /** Installed neural voices; watching MODELS_DIR starts with `start()` and ends with `close()`. */
  neuralVoices: NeuralVoiceLibrary;
  /** Voices of the upstream providers; reading their listings starts with `start()` and ends with `close()`. */
  upstreamVoices: UpstreamVoiceLibrary;
}

/** Stored media (DATA_DIR/media or the S3 bucket), signed links to it, the installed neural voices and the voice directory. */
export function createMediaServices(
  config: AppConfig,
  db: Database,
  clock: Clock,
  upstreams: ReadonlyMap<string, UpstreamSpeechEngine>,
  log: JobLogger,
): MediaServices {
  const files = createFileStore(config.fileStore, config.dataDir);
  const fileDeletions = new FileDeletions({ db, files, clock, log });
  const mediaLinks = new MediaLinks(config.jwtSecret, clock);
  const neuralVoices = new NeuralVoiceLibrary({
    modelsDir: config.modelsDir,
    onProblem: (problem) => log.warn({ problem }, 'MODELS_DIR holds a folder that is not a complete model; skipped'),
  });
  const upstreamVoices = new UpstreamVoiceLibrary(config.speechProviders, upstreams, log);
  const voices = new VoiceDirectory(new CustomVoices(db, fileDeletions, mediaLinks), neuralVoices, upstreamVoices);
  return { files, fileDeletions, mediaLinks, neuralVoices, upstreamVoices, voices };
}

/** Before serving or taking jobs: the store is usable and holds no half-written files of a killed process. */
export async function prepareMediaStorage(files: FileStore, config: AppConfig, log: JobLogger): Promise<void> {
  // Real time, not the app clock: file and upload dates come from the disk and the object store.
  const removed = await prepareFileStore(files, { clustered: Boolean(config.redisUrl), now: Date.now() });
  if (removed > 0) log.info({ removed }, 'removed unfinished file writes left by an earlier process');
}

/** BullMQ when REDIS_URL is set, otherwise this process polls the jobs table. */
export function createConfiguredJobQueue(config: AppConfig, db: Database, clock: Clock, log: JobLogger): JobQueue {
  return createJobQueue({
    db,
    clock,
    log,
    concurrency: config.jobs.concurrency,
    redis: config.redisUrl ? { url: config.redisUrl, keyPrefix: config.redisKeyPrefix } : null,
  });
}

/** Connects up front so a wrong REDIS_URL stops the start with a clear error instead of failing requests later. */
export async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot connect to Redis at REDIS_URL: ${String(error)}`, { cause: error });
  }
  return redis;
}
