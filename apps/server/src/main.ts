import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataFolderLockedError } from './db/data-folder-lock.ts';

/** Starts the server: configuration, database, HTTP and realtime on HOST:PORT; stops cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`Sound Studio is running at http://${shownHost}:${config.port} (API docs: /api/docs)`);
  // Start the speech workers now, so the first generation does not wait for them (the server already answers).
  app.speech.warmUp().catch((error: unknown) => app.log.error({ err: error }, 'speech engine warm-up failed'));

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
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
  // Problems the operator can fix get one clear line, not a stack trace.
  if (error instanceof ConfigError || error instanceof DataFolderLockedError) {
    console.error(error.message);
  } else {
    console.error('Sound Studio failed to start:', error);
  }
  process.exit(1);
});
