import { z } from 'zod';

/**
 * Why credits moved. Grants add, charges and holds subtract, releases give a hold back; `expiry` takes a grant's
 * unspent remainder when it lapses (3 cycles after it was granted) and `refund_reversal` when its payment is refunded.
 */
export const CREDIT_REASONS = [
  'signup_grant',
  'monthly_grant',
  'admin_grant',
  'hold',
  'charge',
  'release',
  'refund',
  'expiry',
  'refund_reversal',
] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

// Zod-free module of its own, so the web app's first page can read it before zod's runtime loads.
export { CREDIT_FAILURE_MESSAGES } from './failure-messages.ts';

/**
 * What a hold paid for, kept with the reservation so every row of it (hold, charge, release) can say what it was in
 * the reader's language; `description` stays the English audit text.
 */
export const creditActivitySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('speech'), characters: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('document'), characters: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('music'), seconds: z.number().nonnegative() }),
  z.object({ kind: z.literal('voice_clone') }),
  z.object({ kind: z.literal('voice_isolation') }),
]);
export type CreditActivity = z.infer<typeof creditActivitySchema>;

export const creditTransactionSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  reason: z.enum(CREDIT_REASONS),
  description: z.string(),
  reference: z.string().nullable(),
  /** What the credits paid for (rows of a hold); null for grants, lapses and rows older than this field. */
  activity: creditActivitySchema.nullable(),
  createdAt: z.string(),
});
export type CreditTransaction = z.infer<typeof creditTransactionSchema>;

/** GET /credits/summary. */
export const creditSummarySchema = z.object({
  balance: z.number().int(),
  subscription: z.string(),
  monthlyAllowance: z.number().int(),
  thisMonth: z.object({
    /** Credits spent this calendar month (UTC), net of releases. */
    used: z.number().int(),
    /** Credits granted this calendar month. */
    granted: z.number().int(),
  }),
  transactions: z.array(creditTransactionSchema),
});
export type CreditSummary = z.infer<typeof creditSummarySchema>;
