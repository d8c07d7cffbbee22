import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
} from 'fastify-type-provider-zod';
import type { MusicEngine, SpeechEngine } from '@sound-studio/audio';
import type { Redis } from 'ioredis';
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
import { registerJobHandlers } from './job-handlers.ts';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from './db/client.ts';
import { seedPlans } from './db/plan-seeds.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { apiKeysRoutes } from './features/api-keys/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { billingRoutes } from './features/billing/routes.ts';
import type { ProviderFactories } from './features/billing/providers/index.ts';
import { creditsRoutes } from './features/credits/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { mediaRoutes } from './features/media/routes.ts';
import { musicRoutes } from './features/music/routes.ts';
import { musicSharePageRoutes } from './features/music/share-routes.ts';
import { preferencesRoutes } from './features/preferences/routes.ts';
import { plansRoutes } from './features/plans/routes.ts';
import { realtimePlugin } from './features/realtime/plugin.ts';
import { ttsRoutes } from './features/tts/routes.ts';
import { DEVELOPER_API_PREFIXES, developerApiNotFound } from './features/tts/v1/dialect.ts';
import { elevenLabsLibraryRoutes, elevenLabsV2Routes } from './features/tts/v1/elevenlabs-library-routes.ts';
import { elevenLabsRoutes } from './features/tts/v1/elevenlabs-routes.ts';
import { openAiRoutes } from './features/tts/v1/openai-routes.ts';
import { streamInputRoutes } from './features/tts/v1/stream-input-routes.ts';
import { voiceLabRoutes } from './features/voice-lab/plugin.ts';
import { voicesRoutes } from './features/voices/routes.ts';
import { webStaticRoutes } from './features/web-static/routes.ts';
import { installReplyCompression } from './lib/reply-compression.ts';
import { ApiKeyAuthenticator } from './lib/api-keys/authenticator.ts';
import { apiKeyOfRequest } from './lib/api-keys/key-format.ts';
import { authenticateAccessToken, bearerToken } from './lib/authentication.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { CreditHoldSweeper } from './lib/credit-hold-sweeper.ts';
import { CreditService } from './lib/credit-service.ts';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandler } from './lib/error-handler.ts';
import './lib/fastify-decorators.ts';
import { createRateLimiters, RateLimiter } from './lib/rate-limit/limiter.ts';
import { MemoryRateLimitStore } from './lib/rate-limit/memory-store.ts';
import { RedisRateLimitStore } from './lib/rate-limit/redis-store.ts';
import type { RateLimitStore } from './lib/rate-limit/store.ts';
import { RealtimeHub } from './lib/realtime-hub.ts';
import { installApiRateLimit, installCsrfProtection } from './lib/request-guards.ts';
import { installPrivateReplyCacheControl, installSecurityHeaders } from './lib/security-headers.ts';
import { zodValidatorCompiler } from './lib/zod-validation.ts';

export interface BuildAppOptions {
  /** Time source; tests pass one they can move forward. */
  clock?: Clock;
  /** An open, migrated database. The caller keeps ownership and closes it; otherwise the app opens and closes one. */
  database?: DatabaseHandle;
  /** A speech engine the caller owns (tests share one per file); otherwise the configured one, closed with the app. */
  speechEngine?: SpeechEngine;
  /** Payment providers besides the built-in `manual`, by BILLING_PROVIDER name (tests pass a local fake). */
  billingProviders?: ProviderFactories;
  /**
   * A music engine the caller owns (API tests pass a fast one: the real render is tested in the audio package and end
   * to end); otherwise the configured one, created on first use and closed with the app.
   */
  musicEngine?: MusicEngine;
  /** Where the log goes instead of stdout (a test that reads what was logged). */
  logStream?: { write(line: string): void };
}

/**
 * The whole server as a Fastify instance: shared services as decorators, one plugin per feature. main.ts listens on
 * it; tests call `app.inject`. Closing the app closes the database it opened, Redis and the realtime server.
 */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    logger: options.logStream ? { level: config.logLevel, stream: options.logStream } : { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Plugins open databases, run migrations and start engines; on a busy 2-core machine that outlasts the default 10 s.
    pluginTimeout: 120_000,
    // Errors Fastify and Node answer before any route runs get the reply envelope too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  try {
    const database =
      options.database ??
      (await openDatabase(config.database, (error) => app.log.warn({ err: error }, 'database connection lost')));
    if (!options.database) app.addHook('onClose', () => database.close());
    await seedPlans(database.db);

    const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
    const rateLimitStore: RateLimitStore = redis
      ? new RedisRateLimitStore(redis, `${config.redisKeyPrefix}rate-limit:`)
      : new MemoryRateLimitStore(clock);
    app.addHook('onClose', async () => {
      await rateLimitStore.close();
      await redis?.quit();
    });

    decorateServices(app, { config, clock, database, redis, rateLimitStore });
    decorateMediaServices(app, options.speechEngine);
    await prepareMediaStorage(app.files, config, app.log);
    const jobHandlers = await registerJobHandlers(app, { musicEngine: options.musicEngine });
    app.addHook('onClose', () => jobHandlers.close());
    installApiRateLimit(app);
    installCsrfProtection(app);
    await installSecurityHeaders(app, config.webDistDir);
    await installReplyCompression(app);
    installPrivateReplyCacheControl(app);
    await registerApiDocs(app);
    await app.register(
      async (api) => {
        await api.register(healthRoutes);
        await api.register(authRoutes);
        await api.register(plansRoutes);
        await api.register(creditsRoutes);
        await api.register(adminRoutes);
        await api.register(mediaRoutes);
        await api.register(voicesRoutes);
        await api.register(ttsRoutes);
        await api.register(voiceLabRoutes);
        await api.register(preferencesRoutes);
        await api.register(musicRoutes, { cancelRunning: jobHandlers.music.cancelRunning });
        await api.register(apiKeysRoutes);
        await api.register(billingRoutes, { providers: options.billingProviders });
      },
      { prefix: '/api' },
    );
    // The developer API: OpenAI-compatible and ElevenLabs-compatible routes, authenticated by API keys.
    await app.register(openAiRoutes, { prefix: '/v1' });
    await app.register(elevenLabsRoutes, { prefix: '/v1' });
    await app.register(elevenLabsLibraryRoutes, { prefix: '/v1' });
    await app.register(elevenLabsV2Routes, { prefix: '/v2' });
    await app.register(streamInputRoutes);
    await app.register(realtimePlugin, { listen: database.listen });
    // Before the web app's catch-all: a shared track's page carries its preview tags for crawlers.
    await app.register(musicSharePageRoutes);
    await app.register(webStaticRoutes, { foreignApiPrefixes: DEVELOPER_API_PREFIXES, foreignApiNotFound: developerApiNotFound });
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}

interface Services {
  config: AppConfig;
  clock: Clock;
  database: DatabaseHandle;
  redis: Redis | null;
  rateLimitStore: RateLimitStore;
}

function decorateServices(app: FastifyInstance, services: Services): void {
  const { config, clock, database, redis, rateLimitStore } = services;
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('db', database.db);
  app.decorate('databaseKind', database.kind);
  app.decorate('redis', redis);
  const credits = new CreditService(database.db, clock, { holdLeaseMs: config.creditHolds.leaseSeconds * 1000 });
  app.decorate('credits', credits);
  installCreditHoldSweeper(app, new CreditHoldSweeper({ db: database.db, clock, credits, log: app.log }), database.kind);
  app.decorate('rateLimiters', createRateLimiters(config.rateLimits, rateLimitStore, clock));
  app.decorate('realtime', new RealtimeHub());
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request) => {
    const token = bearerToken(request.headers.authorization);
    request.auth = await authenticateAccessToken(database.db, config.jwtSecret, clock.now(), token);
  });
  // The key limiters share the store (Redis when configured); their keys (`api:key:<id>`, `api:key-owner:<user id>`)
  // never meet the signed-in web API's (`api:user:<id>`), so key traffic and web traffic are limited apart.
  const apiKeys = new ApiKeyAuthenticator(database.db, clock, {
    perKey: new RateLimiter('api', config.apiKeys.rateLimit, rateLimitStore, clock),
    perUser: new RateLimiter('api', config.apiKeys.userRateLimit, rateLimitStore, clock),
  });
  app.decorate('apiKeys', apiKeys);
  app.decorateRequest('apiKey', null);
  app.decorate('authenticateApiKey', async (request) => {
    request.apiKey = await apiKeys.authenticate(apiKeyOfRequest(request.headers));
  });
}

/**
 * The sweep of abandoned credit holds runs once the app is ready (after every feature has registered what keeps its
 * holds alive) and then periodically. The embedded database belongs to this one process, so at start-up no request
 * anywhere can still own a hold; on PostgreSQL other nodes may be serving, so only lapsed leases count.
 */
function installCreditHoldSweeper(app: FastifyInstance, sweeper: CreditHoldSweeper, databaseKind: DatabaseKind): void {
  app.decorate('creditHolds', sweeper);
  app.addHook('onReady', async () => {
    await sweeper.start(app.config.creditHolds.sweepSeconds * 1000, databaseKind === 'pglite' ? 'all' : 'lapsed');
  });
  app.addHook('preClose', () => sweeper.stop());
}

/**
 * Speech, stored media and background jobs. Job handlers (each feature's jobs.ts) start once the app is ready,
 * unless RUN_WORKERS=false; the queue stops before the server closes, then the engine goes.
 */
function decorateMediaServices(app: FastifyInstance, sharedEngine: SpeechEngine | undefined): void {
  const { config } = app;
  const upstreams = createUpstreamEngines(config);
  const speech = createSpeechRouting(config, sharedEngine ?? createSpeechEngine(config), !sharedEngine, upstreams);
  app.addHook('onClose', () => speech.close());
  app.decorate('speech', speech);
  const media = createMediaServices(config, app.db, app.clock, upstreams, app.log);
  // The first voice list already has the providers that answered (each waits at most its time limit).
  app.addHook('onReady', async () => media.upstreamVoices.start());
  app.addHook('onClose', async () => media.upstreamVoices.close());
  // Scanned before the app answers, so the first voice list already has the installed models.
  app.addHook('onReady', async () => {
    // An unreadable MODELS_DIR costs the neural voices, not the server.
    await media.neuralVoices.start().catch((error: unknown) => app.log.error({ err: error, modelsDir: config.modelsDir }, 'cannot watch MODELS_DIR'));
  });
  app.addHook('onClose', () => media.neuralVoices.close());
  app.decorate('files', media.files);
  app.addHook('onClose', () => media.files.close());
  app.decorate('fileDeletions', media.fileDeletions);
  // Every node sweeps (rows are claimed one node at a time); stopped before the store closes.
  app.addHook('onReady', () => media.fileDeletions.start(config.fileDeletionSweepSeconds * 1000));
  app.addHook('preClose', () => media.fileDeletions.stop());
  app.decorate('mediaLinks', media.mediaLinks);
  app.decorate('voices', media.voices);
  const jobs = createConfiguredJobQueue(config, app.db, app.clock, app.log);
  app.decorate('jobs', jobs);
  if (config.jobs.runWorkers) app.addHook('onReady', () => jobs.start());
  app.addHook('preClose', () => jobs.stop());
}

async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Sound Studio API',
        description:
          'Replies are `{ success: true, data }` or `{ success: false, error, code, details? }`; as the product ' +
          "spec's call table gives them, the voice list and preview lookup put their fields beside `success` instead " +
          'of `data`, and text-to-speech also puts `audioUrl` there. POST, PUT, PATCH and ' +
          'DELETE calls need an X-CSRF-Token header from GET /api/auth/csrf-token (except /api/admin). The developer API ' +
          'under /v1 (OpenAI-compatible) takes an `ss_` API key (Authorization: Bearer or xi-api-key), needs no CSRF ' +
          'token and replies errors as `{ error: { message, type, code, param } }`.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          csrfToken: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
          adminToken: { type: 'apiKey', in: 'header', name: 'X-Admin-Token' },
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'ss_ API key' },
          xiApiKey: { type: 'apiKey', in: 'header', name: 'xi-api-key' },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
