import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
// Only read lazily inside references(), so the cycle with schema.ts (which re-exports this file) is harmless.
import { users } from './accounts-schema.ts';

const timestampColumn = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Developer API keys. Only the SHA-256 of the key is stored; `prefix` (the first characters) lets the owner tell keys
 * apart. A revoked or expired key stops working at once.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    expiresAt: timestampColumn('expires_at'),
    lastUsedAt: timestampColumn('last_used_at'),
    revokedAt: timestampColumn('revoked_at'),
  },
  (table) => [index('api_keys_user_id_idx').on(table.userId)],
);

/** One billed call made with a key (a speech request): what the key's usage column sums up. */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The history entry the call produced, when it completed. */
    generationId: uuid('generation_id'),
    characters: integer('characters').notNull(),
    credits: integer('credits').notNull(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [index('api_key_usage_key_created_idx').on(table.keyId, table.createdAt)],
);
