import type { Plan } from '@sound-studio/shared';

export type BillingPeriod = 'monthly' | 'yearly';

/** Section 9: the yearly price per month is the yearly amount divided by 12. */
export function pricePerMonth(plan: Plan, period: BillingPeriod): number {
  if (period === 'monthly') return plan.pricing.monthly.amount;
  return Math.round((plan.pricing.yearly.amount / 12) * 100) / 100;
}

export const PLAN_FEATURE_KEYS = ['textToSpeech', 'musicGeneration', 'voiceCloning', 'voiceIsolator', 'apiAccess', 'commercialLicense'] as const;
