import { ConfigError, loadConfig } from './config.ts';
import { startWorker } from './worker-bootstrap.ts';

/**
 * `npm run worker`: runs job handlers (long-form speech, music, isolation, cloning) in a process of its own, next to
 * API servers started with RUN_WORKERS=false. Jobs arrive through Redis (BullMQ) and live in PostgreSQL; realtime
 * events reach the browsers through the socket.io Redis adapter. Only the job side is built (worker-bootstrap.ts): no
 * HTTP app, no routes.
 */
async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, RUN_WORKERS: 'true' });
  if (config.database.kind !== 'postgres') {
    throw new ConfigError(
      'npm run worker needs DATABASE_URL: the embedded database belongs to the one process that opened it, so with it ' +
        'jobs run inside the API server.',
    );
  }
  if (!config.redisUrl) {
    throw new ConfigError('npm run worker needs REDIS_URL: jobs reach separate workers through Redis.');
  }
  const worker = await startWorker(config);
  const { log, speech } = worker.services;
  await speech.warmUp();
  log.info(`Sound Studio worker is running (${config.jobs.concurrency} jobs at a time)`);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, finishing: running jobs go back to the queue`);
    try {
      await worker.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', (signal) => void stop(signal));
  process.once('SIGTERM', (signal) => void stop(signal));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Sound Studio worker failed to start:', error);
  process.exit(1);
});
