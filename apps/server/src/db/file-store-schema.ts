import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Why an object is (or may become) due for deletion. */
export const FILE_DELETION_REASONS = ['write', 'record-failed', 'record-deleted'] as const;
export type FileDeletionReason = (typeof FILE_DELETION_REASONS)[number];

/**
 * Objects of the file store that must go unless a record claims them (lib/file-store/file-deletions.ts):
 * - 'write': registered before the object is written; the transaction that inserts the owning record removes the row.
 *   If the process dies first, the row falls due after a grace period and the sweeper deletes the object.
 * - 'record-failed' / 'record-deleted': the object's record failed or was deleted; the delete is retried with backoff
 *   while the store cannot be reached.
 * `attempts` counts sweeper claims; a claim moves `next_attempt_at` forward, so one sweeper at a time works on a row.
 */
export const pendingFileDeletions = pgTable(
  'pending_file_deletions',
  {
    key: text('key').primaryKey(),
    reason: text('reason', { enum: FILE_DELETION_REASONS }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('pending_file_deletions_next_attempt_at_idx').on(table.nextAttemptAt)],
);
