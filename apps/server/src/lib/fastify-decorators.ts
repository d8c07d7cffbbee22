import type { SpeechEngine } from '@sound-studio/audio';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config.ts';
import type { Database, DatabaseKind } from '../db/client.ts';
import type { ApiKeyAuthenticator, ApiKeyContext } from './api-keys/authenticator.ts';
import type { AuthContext } from './authentication.ts';
import type { Clock } from './clock.ts';
import type { JobQueue } from '../jobs/types.ts';
import type { CreditHoldSweeper } from './credit-hold-sweeper.ts';
import type { CreditService } from './credit-service.ts';
import type { FileDeletions } from './file-store/file-deletions.ts';
import type { FileStore } from './file-store/file-store.ts';
import type { MediaLinks } from './media-links.ts';
import type { RateLimiters } from './rate-limit/limiter.ts';
import type { RealtimeHub } from './realtime-hub.ts';
import type { VoiceDirectory } from './voice-directory.ts';

// Services every feature may use, decorated on the root instance by buildApp().
declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    databaseKind: DatabaseKind;
    clock: Clock;
    credits: CreditService;
    /** Releases credit holds nobody will settle; at start-up and every CREDIT_HOLD_SWEEP_SECONDS. */
    creditHolds: CreditHoldSweeper;
    rateLimiters: RateLimiters;
    realtime: RealtimeHub;
    /** The shared Redis connection when REDIS_URL is set. */
    redis: Redis | null;
    /** The speech engine SPEECH_PROVIDER selects, created on first use. */
    speech: SpeechEngine;
    /** Generated media (DATA_DIR/media on the local disk, or the S3 bucket). */
    files: FileStore;
    /** Reserves stored files for their records, deletes them with their records, sweeps what is left (every node). */
    fileDeletions: FileDeletions;
    /** Signed links to stored media. */
    mediaLinks: MediaLinks;
    /** Background jobs (long-form speech; music later). */
    jobs: JobQueue;
    voices: VoiceDirectory;
    /**
     * Route hook (onRequest, so it runs before body validation) that requires a valid access token of an open
     * session and sets `request.auth`.
     */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Developer API keys: checks, per-key rate limit. */
    apiKeys: ApiKeyAuthenticator;
    /** Route hook of the /v1 developer API: requires a valid API key and sets `request.apiKey`. */
    authenticateApiKey: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    apiKey: ApiKeyContext | null;
  }
  interface FastifyContextConfig {
    /**
     * false for routes an ordinary page load calls many times over (voice artwork, previews, media range requests):
     * they are not counted by the generic per-user API limit.
     */
    apiRateLimit?: boolean;
  }
}
