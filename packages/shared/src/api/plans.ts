import { z } from 'zod';
import { DEFAULT_CREDIT_RATES, PLAN_TIERS } from '../constants.ts';

export const creditRatesSchema = z.object({
  /** `neuralPerCharacter` prices installed neural voices; plans saved before it existed use the default. */
  tts: z.object({ perCharacter: z.number(), neuralPerCharacter: z.number().optional() }),
  music: z.object({ per30Seconds: z.number() }),
  voiceClone: z.object({ creation: z.number() }),
  voiceIsolator: z.object({ perMinute: z.number() }),
});
export type CreditRates = z.infer<typeof creditRatesSchema>;

/** Credits per character for a voice: neural voices have their own (operator-editable) rate. */
export function ttsRatePerCharacter(rates: Pick<CreditRates, 'tts'>, neural: boolean): number {
  return neural ? (rates.tts.neuralPerCharacter ?? DEFAULT_CREDIT_RATES.tts.neuralPerCharacter) : rates.tts.perCharacter;
}

export const planFeaturesSchema = z.object({
  textToSpeech: z.boolean(),
  musicGeneration: z.boolean(),
  voiceCloning: z.boolean(),
  voiceIsolator: z.boolean(),
  apiAccess: z.boolean(),
  commercialLicense: z.boolean(),
});
export type PlanFeatures = z.infer<typeof planFeaturesSchema>;

/** A subscription plan, shaped as the spec's Plan entity (section 3), plus the custom-voice slots it grants. */
export const planSchema = z.object({
  _id: z.string(),
  name: z.enum(PLAN_TIERS),
  displayName: z.string(),
  description: z.string(),
  status: z.enum(['active', 'inactive']),
  display: z.object({
    order: z.number().int(),
    popular: z.boolean(),
    badge: z.string().nullable(),
  }),
  pricing: z.object({
    currency: z.literal('USD'),
    monthly: z.object({ amount: z.number() }),
    yearly: z.object({ amount: z.number(), discount: z.number() }),
  }),
  credits: z.object({
    monthly: z.number().int(),
    rates: creditRatesSchema,
  }),
  limits: z.object({ customVoices: z.number().int() }),
  features: planFeaturesSchema,
});
export type Plan = z.infer<typeof planSchema>;

export const plansReplySchema = z.array(planSchema);

/** Section 2's matching rule: the subscription label matches a plan's name or display name; "Free" means free. */
export function isCurrentPlan(subscription: string, plan: Pick<Plan, 'name' | 'displayName'>): boolean {
  const label = subscription.trim().toLowerCase();
  if (label === plan.name.toLowerCase() || label === plan.displayName.toLowerCase()) return true;
  return plan.name === 'free' && (label === 'free' || label === 'free plan');
}

/** Credits shown as K or M: 5000 -> "5K", 1500000 -> "1.5M". */
export function formatCreditsShort(credits: number): string {
  const trim = (value: number) => String(Number(value.toFixed(1)));
  // 999,950 and up would round to "1000K": show them as millions.
  if (credits >= 1_000_000 || Number((credits / 1_000).toFixed(1)) >= 1_000) return `${trim(credits / 1_000_000)}M`;
  if (credits >= 1_000) return `${trim(credits / 1_000)}K`;
  return String(credits);
}
