import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { Server } from 'socket.io';
import type { UpstreamSpeechEngine } from '@sound-studio/audio';
import type { AppConfig } from './config.ts';
import {
  connectRedis,
  createConfiguredJobQueue,
  createMediaServices,
  createSpeechEngine,
  createSpeechRouting,
  createUpstreamEngines,
  prepareMediaStorage,
} from './core-services.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { seedPlans } from './db/plan-seeds.ts';
import { registerJobHandlers, type JobHandlers } from './job-handlers.ts';
import type { JobServices } from './jobs/job-services.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { CreditService } from './lib/credit-service.ts';
import { RealtimeHub, useRedisAdapter } from './lib/realtime-hub.ts';

export interface WorkerOptions {
  clock?: Clock;
  log?: FastifyBaseLogger;
}

export interface RunningWorker {
  services: JobServices;
  /** Stops claiming jobs (running ones go back to the queue), then closes engines, Redis and the database. */
  close(): Promise<void>;
}

/**
 * The job worker without the HTTP app: database, queue, storage, engines and every feature's job handlers, then the
 * queue starts. Realtime events go out through the socket.io Redis adapter (no socket of its own), so they reach the
 * browsers connected to the API servers.
 */
export async function startWorker(config: AppConfig, options: WorkerOptions = {}): Promise<RunningWorker> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? pino({ level: config.logLevel });
  const resources = new Resources();
  try {
    const database = await openDatabase(config.database, (error) => log.warn({ err: error }, 'database connection lost'));
    resources.add(() => database.close());
    await seedPlans(database.db);
    const realtime = await startRealtime(config, resources);
    const upstreams = createUpstreamEngines(config);
    const speech = createSpeechRouting(config, createSpeechEngine(config), true, upstreams);
    resources.add(() => speech.close());
    // A worker lists no upstream voices: jobs name theirs by id, and the provider judges the id (UpstreamVoiceLibrary.find).
    const services = jobServices({ config, database, clock, log, speech, realtime, upstreams });
    resources.add(() => services.files.close());
    await prepareMediaStorage(services.files, config, log);
    await services.fileDeletions.start(config.fileDeletionSweepSeconds * 1000);
    resources.add(() => services.fileDeletions.stop());
    await services.voices.neural?.start().catch((error: unknown) => log.error({ err: error, modelsDir: config.modelsDir }, 'cannot watch MODELS_DIR'));
    resources.add(async () => services.voices.neural?.close());
    const handlers: JobHandlers = await registerJobHandlers(services);
    resources.add(() => handlers.close());
    await services.jobs.start();
    resources.add(() => services.jobs.stop());
    return { services, close: () => resources.closeAll() };
  } catch (error) {
    await resources.closeAll();
    throw error;
  }
}

function jobServices(parts: {
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock;
  log: FastifyBaseLogger;
  speech: JobServices['speech'];
  realtime: RealtimeHub;
  upstreams: ReadonlyMap<string, UpstreamSpeechEngine>;
}): JobServices {
  const { config, database, clock, log, speech, realtime, upstreams } = parts;
  const db = database.db;
  const credits = new CreditService(db, clock, { holdLeaseMs: config.creditHolds.leaseSeconds * 1000 });
  const jobs = createConfiguredJobQueue(config, db, clock, log);
  return { config, db, clock, log, credits, speech, jobs, realtime, ...createMediaServices(config, db, clock, upstreams, log) };
}

/** A socket.io server that never listens: with Redis its adapter forwards every event to the API nodes. */
async function startRealtime(config: AppConfig, resources: Resources): Promise<RealtimeHub> {
  const realtime = new RealtimeHub();
  if (!config.redisUrl) return realtime;
  const redis: Redis = await connectRedis(config.redisUrl);
  resources.add(() => redis.quit().then(() => undefined));
  const io = new Server({ serveClient: false });
  const adapterClients = useRedisAdapter(io, redis, `${config.redisKeyPrefix}socket.io`);
  resources.add(async () => {
    realtime.detach();
    await Promise.all(adapterClients.map((client) => client.quit()));
  });
  realtime.attach(io);
  return realtime;
}

/** What the worker opened, closed in reverse order (the queue first, the database last). */
class Resources {
  readonly #closers: (() => Promise<void>)[] = [];

  add(close: () => Promise<void>): void {
    this.#closers.push(close);
  }

  async closeAll(): Promise<void> {
    const failures: unknown[] = [];
    for (let close = this.#closers.pop(); close; close = this.#closers.pop()) {
      await close().catch((error: unknown) => failures.push(error));
    }
    if (failures.length > 0) throw failures[0];
  }
}
