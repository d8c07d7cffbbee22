import type { PlanTier } from '@sound-studio/shared';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { featureNotInPlanError } from '../plan-features.ts';
import type { RateLimiter } from '../rate-limit/limiter.ts';
import { hashApiKey, looksLikeApiKey } from './key-format.ts';
import { ApiKeyAccessRepository } from './repository.ts';

/** Who is calling with an API key: set on the request by the `authenticateApiKey` hook. */
export interface ApiKeyContext {
  keyId: string;
  userId: string;
  keyName: string;
}

/** How often last_used_at is written: a busy key does not turn every call into an UPDATE. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The limits a key's call must pass: the key's own, and its owner's across all of their keys. */
export interface ApiKeyLimiters {
  perKey: RateLimiter;
  perUser: RateLimiter;
}

/**
 * Checks a developer key on every call: known, not revoked, not expired, the owner's plan still has API access, the
 * key's own rate limit and its owner's ceiling across keys (both shared through Redis when configured). Revocation
 * needs no cache to expire.
 */
export class ApiKeyAuthenticator {
  readonly #repository: ApiKeyAccessRepository;

  constructor(
    db: Database,
    private readonly clock: Clock,
    private readonly limiters: ApiKeyLimiters,
  ) {
    this.#repository = new ApiKeyAccessRepository(db);
  }

  async authenticate(token: string | undefined): Promise<ApiKeyContext> {
    if (!token) throw new AppError('UNAUTHORIZED', 'Missing API key: send Authorization: Bearer ss_… or xi-api-key');
    if (!looksLikeApiKey(token)) throw new AppError('UNAUTHORIZED', 'Invalid API key');
    const row = await this.#repository.findByHash(hashApiKey(token));
    if (!row) throw new AppError('UNAUTHORIZED', 'Invalid API key');
    const { key, features, plan } = row;
    const nowMs = this.clock.now();
    if (key.revokedAt) throw new AppError('UNAUTHORIZED', 'This API key has been revoked', { reason: 'KEY_REVOKED' });
    if (key.expiresAt && key.expiresAt.getTime() <= nowMs) {
      throw new AppError('UNAUTHORIZED', 'This API key has expired', { reason: 'KEY_EXPIRED' });
    }
    // A key made on a plan with API access stops working after a downgrade.
    if (!features.apiAccess) throw featureNotInPlanError('apiAccess', plan as PlanTier);
    // The key first: a call its own limit refuses does not use up the owner's other keys' share.
    await this.limiters.perKey.consume(`key:${key.id}`);
    await this.limiters.perUser.consume(`key-owner:${key.userId}`);
    if (!key.lastUsedAt || nowMs - key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
      await this.#repository.touchLastUsed(key.id, new Date(nowMs));
    }
    return { keyId: key.id, userId: key.userId, keyName: key.name };
  }
}
