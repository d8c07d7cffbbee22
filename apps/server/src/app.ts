import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { AppConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { seedPlans } from './db/plan-seeds.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { creditsRoutes } from './features/credits/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { plansRoutes } from './features/plans/routes.ts';
import { realtimePlugin } from './features/realtime/plugin.ts';
import { webStaticRoutes } from './features/web-static/routes.ts';
import { authenticateAccessToken, bearerToken } from './lib/authentication.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { CreditService } from './lib/credit-service.ts';
import { installErrorHandler } from './lib/error-handler.ts';
import './lib/fastify-decorators.ts';
import { createRateLimiters } from './lib/rate-limit/limiter.ts';
import { MemoryRateLimitStore } from './lib/rate-limit/memory-store.ts';
import { RedisRateLimitStore } from './lib/rate-limit/redis-store.ts';
import type { RateLimitStore } from './lib/rate-limit/store.ts';
import { RealtimeHub } from './lib/realtime-hub.ts';
import { installApiRateLimit, installCsrfProtection } from './lib/request-guards.ts';
import { zodValidatorCompiler } from './lib/zod-validation.ts';

export interface BuildAppOptions {
  /** Time source; tests pass one they can move forward. */
  clock?: Clock;
  /** An open, migrated database. The caller keeps ownership and closes it; otherwise the app opens and closes one. */
  database?: DatabaseHandle;
}

/**
 * The whole server as a Fastify instance: shared services as decorators, one plugin per feature. main.ts listens on
 * it; tests call `app.inject`. Closing the app closes the database it opened, Redis and the realtime server.
 */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const app = Fastify({ logger: { level: config.logLevel }, trustProxy: config.trustProxy });
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
    installApiRateLimit(app);
    installCsrfProtection(app);
    await registerApiDocs(app);
    await app.register(
      async (api) => {
        await api.register(healthRoutes);
        await api.register(authRoutes);
        await api.register(plansRoutes);
        await api.register(creditsRoutes);
        await api.register(adminRoutes);
      },
      { prefix: '/api' },
    );
    await app.register(realtimePlugin);
    await app.register(webStaticRoutes);
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
  app.decorate('credits', new CreditService(database.db, clock));
  app.decorate('rateLimiters', createRateLimiters(config.rateLimits, rateLimitStore, clock));
  app.decorate('realtime', new RealtimeHub());
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request) => {
    const token = bearerToken(request.headers.authorization);
    request.auth = await authenticateAccessToken(database.db, config.jwtSecret, clock.now(), token);
  });
}

/** Connects up front so a wrong REDIS_URL stops the start with a clear error instead of failing requests later. */
async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot connect to Redis at REDIS_URL: ${String(error)}`, { cause: error });
  }
  return redis;
}

async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Sound Studio API',
        description:
          'Replies are `{ success: true, data }` or `{ success: false, error, code, details? }`. POST, PUT, PATCH and ' +
          'DELETE calls need an X-CSRF-Token header from GET /api/auth/csrf-token (except /api/admin).',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          csrfToken: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
          adminToken: { type: 'apiKey', in: 'header', name: 'X-Admin-Token' },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
