import { API_KEYS_PER_USER, type ApiKey, type ApiKeyList, type CreatedApiKey, type createApiKeySchema } from '@sound-studio/shared';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { generateApiKey } from '../../lib/api-keys/key-format.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { assertPlanFeature } from '../../lib/plan-features.ts';
import { ApiKeysRepository, type ApiKeyRow, type KeyUsage } from './repository.ts';

const NO_USAGE: KeyUsage = { requests: 0, credits: 0, characters: 0 };

/** The start of the current calendar month in UTC: "this month" on the API page. */
export function monthStart(nowMs: number): Date {
  const now = new Date(nowMs);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Developer API keys: create (shown once), list with this month's usage, revoke. */
export class ApiKeysService {
  readonly #repository: ApiKeysRepository;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {
    this.#repository = new ApiKeysRepository(db);
  }

  async create(userId: string, input: z.output<typeof createApiKeySchema>): Promise<CreatedApiKey> {
    await assertPlanFeature(this.db, userId, 'apiAccess');
    const nowMs = this.clock.now();
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= nowMs) throw validationError('expiresAt', 'Expiry must be in the future');
    if ((await this.#repository.countActive(userId)) >= API_KEYS_PER_USER) {
      throw new AppError('CONFLICT', `You can have at most ${API_KEYS_PER_USER} active API keys; revoke one first`);
    }
    const secret = generateApiKey();
    const row = await this.#repository.insert({
      userId,
      name: input.name,
      prefix: secret.prefix,
      keyHash: secret.hash,
      createdAt: new Date(nowMs),
      expiresAt,
    });
    return { key: secret.key, apiKey: toApiKey(row, NO_USAGE) };
  }

  async list(userId: string): Promise<ApiKeyList> {
    const [rows, usage, apiAccess] = await Promise.all([
      this.#repository.list(userId),
      this.#repository.usageSince(userId, monthStart(this.clock.now())),
      this.#repository.planHasApiAccess(userId),
    ]);
    return { items: rows.map((row) => toApiKey(row, usage.get(row.id) ?? NO_USAGE)), apiAccess };
  }

  async revoke(userId: string, id: string): Promise<ApiKey> {
    const row = await this.#repository.revoke(userId, id, new Date(this.clock.now()));
    if (!row) throw new AppError('NOT_FOUND', 'API key not found');
    const usage = await this.#repository.usageSince(userId, monthStart(this.clock.now()));
    return toApiKey(row, usage.get(row.id) ?? NO_USAGE);
  }
}

function toApiKey(row: ApiKeyRow, usage: KeyUsage): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    usage,
  };
}
