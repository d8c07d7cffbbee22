import { CREDIT_LIMITS, emailSchema, plainString, PLAN_TIERS, planFeaturesSchema, planSchema } from '@sound-studio/shared';
import { z } from 'zod';

/** Shapes of the operator API (/api/admin), shared by its routes and the admin command. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  plan: z.string(),
  subscription: z.string(),
  credits: z.number().int(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersReplySchema = z.object({ users: z.array(adminUserSchema) });

export const adminUsersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

export const adminGrantRequestSchema = z.object({
  email: emailSchema,
  amount: z.number().int().positive().max(CREDIT_LIMITS.maxGrant),
  reason: plainString().trim().min(1).max(200).optional(),
});
export type AdminGrantRequest = z.input<typeof adminGrantRequestSchema>;

export const adminGrantReplySchema = z.object({ user: adminUserSchema, granted: z.number().int() });

export const adminResetLinkRequestSchema = z.object({ email: emailSchema });

/** A password reset link for the operator to hand over (servers without SMTP_URL cannot email it). */
export const adminResetLinkReplySchema = z.object({ email: z.string(), url: z.string(), expiresAt: z.string() });
export type AdminResetLinkReply = z.infer<typeof adminResetLinkReplySchema>;

export const adminPlanParamsSchema = z.object({ name: z.enum(PLAN_TIERS) });

const money = z.number().min(0).max(1_000_000);
const upTo = (max: number) => z.number().int().min(0).max(max);

/** Fields an operator may change; omitted fields keep their value. */
export const adminPlanPatchSchema = z
  .strictObject({
    displayName: plainString().trim().min(1).max(60),
    description: plainString().trim().max(500),
    status: planSchema.shape.status,
    order: z.number().int().min(0).max(1000),
    popular: z.boolean(),
    badge: plainString().trim().max(40).nullable(),
    /** USD per month. Without yearlyPrice, the yearly price follows: 12 x monthly less the yearly discount. */
    monthlyPrice: money,
    yearlyPrice: money,
    /** Percent. */
    yearlyDiscount: z.number().int().min(0).max(100),
    monthlyCredits: upTo(CREDIT_LIMITS.maxMonthlyCredits),
    customVoices: upTo(CREDIT_LIMITS.maxCustomVoices),
    features: planFeaturesSchema.partial(),
    rates: z
      .object({
        ttsPerCharacter: upTo(CREDIT_LIMITS.rates.ttsPerCharacter),
        ttsNeuralPerCharacter: upTo(CREDIT_LIMITS.rates.ttsNeuralPerCharacter),
        musicPer30Seconds: upTo(CREDIT_LIMITS.rates.musicPer30Seconds),
        voiceCloneCreation: upTo(CREDIT_LIMITS.rates.voiceCloneCreation),
        voiceIsolatorPerMinute: upTo(CREDIT_LIMITS.rates.voiceIsolatorPerMinute),
      })
      .partial(),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to change' });
export type AdminPlanPatch = z.output<typeof adminPlanPatchSchema>;
