import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/**
 * `npm run worker`: runs job handlers (long-form speech, later music) in a process of its own, next to API servers
 * started with RUN_WORKERS=false. Jobs arrive through Redis (BullMQ) and live in PostgreSQL; realtime events reach the
 * browsers through the socket.io Redis adapter. The app is built exactly as the API server builds it (so the same
 * handlers are registered) but never listens for HTTP.
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
  const app = await buildApp(config);
  await app.ready();
  await app.speech.warmUp();
  app.log.info(`Sound Studio worker is running (${config.jobs.concurrency} jobs at a time)`);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, finishing: running jobs go back to the queue`);
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
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
