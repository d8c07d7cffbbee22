import type { Redis } from 'ioredis';
import type { AppConfig } from '../config.ts';
import type { Database, DatabaseKind } from '../db/client.ts';
import type { AuthContext } from './authentication.ts';
import type { Clock } from './clock.ts';
import type { CreditService } from './credit-service.ts';
import type { RateLimiters } from './rate-limit/limiter.ts';
import type { RealtimeHub } from './realtime-hub.ts';

// Services every feature may use, decorated on the root instance by buildApp().
declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    databaseKind: DatabaseKind;
    clock: Clock;
    credits: CreditService;
    rateLimiters: RateLimiters;
    realtime: RealtimeHub;
    /** The shared Redis connection when REDIS_URL is set. */
    redis: Redis | null;
    /**
     * Route hook (onRequest, so it runs before body validation) that requires a valid access token of an open
     * session and sets `request.auth`.
     */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
