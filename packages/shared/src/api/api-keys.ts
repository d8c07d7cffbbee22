import { z } from 'zod';

/** Every developer API key starts with this, so people and secret scanners can recognise one. */
export const API_KEY_PREFIX = 'ss_';
export const API_KEY_NAME_MAX_LENGTH = 60;
/** Keys a user may hold at once (revoked ones do not count). */
export const API_KEYS_PER_USER = 20;

/** Body of POST /api/api-keys: a label, and optionally when the key stops working (ISO date-time in the future). */
export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(API_KEY_NAME_MAX_LENGTH, 'Name is too long'),
  expiresAt: z.iso.datetime({ offset: true, error: 'Expiry must be a date and time' }).nullable().optional(),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeySchema>;

/** A key as its owner sees it in the list: never the key itself, only its first characters. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Calendar month (UTC) so far: speech requests made with the key and the credits they were charged. */
  usage: z.object({ requests: z.number().int(), credits: z.number().int(), characters: z.number().int() }),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({
  items: z.array(apiKeySchema),
  /** Whether the caller's plan includes API access (creating keys and calling /v1). */
  apiAccess: z.boolean(),
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The reply to creating a key: the only time the full key is shown. */
export const createdApiKeySchema = z.object({ key: z.string(), apiKey: apiKeySchema });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
