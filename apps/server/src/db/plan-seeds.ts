import { DEFAULT_CREDIT_RATES, YEARLY_DISCOUNT_PERCENT, type PlanFeatures, type PlanTier } from '@sound-studio/shared';
import type { Database } from './client.ts';
import { plans } from './schema.ts';

type PlanInsert = typeof plans.$inferInsert;

interface PlanSeed {
  name: PlanTier;
  displayName: string;
  description: string;
  monthlyPriceDollars: number;
  monthlyCredits: number;
  customVoices: number;
  badge: string | null;
  popular: boolean;
  apiAccess: boolean;
  commercialLicense: boolean;
}

const SEEDS: PlanSeed[] = [
  {
    name: 'free',
    displayName: 'Free Plan',
    description: 'Try every studio tool for personal, non-commercial projects.',
    monthlyPriceDollars: 0,
    monthlyCredits: 10_000,
    customVoices: 3,
    badge: null,
    popular: false,
    apiAccess: false,
    commercialLicense: false,
  },
  {
    name: 'starter',
    displayName: 'Starter',
    description: 'For hobby creators publishing their first voiced and scored content.',
    monthlyPriceDollars: 5,
    monthlyCredits: 30_000,
    customVoices: 10,
    badge: null,
    popular: false,
    apiAccess: true,
    commercialLicense: true,
  },
  {
    name: 'creator',
    displayName: 'Creator',
    description: 'For regular creators who voice videos, podcasts and ads every week.',
    monthlyPriceDollars: 22,
    monthlyCredits: 100_000,
    customVoices: 30,
    badge: 'Most popular',
    popular: true,
    apiAccess: true,
    commercialLicense: true,
  },
  {
    name: 'pro',
    displayName: 'Pro',
    description: 'For studios and teams producing audio at volume.',
    monthlyPriceDollars: 99,
    monthlyCredits: 500_000,
    customVoices: 160,
    badge: null,
    popular: false,
    apiAccess: true,
    commercialLicense: true,
  },
  {
    name: 'enterprise',
    displayName: 'Enterprise',
    description: 'For businesses that build audio into their own products through the API.',
    monthlyPriceDollars: 330,
    monthlyCredits: 2_000_000,
    customVoices: 660,
    badge: 'Best value',
    popular: false,
    apiAccess: true,
    commercialLicense: true,
  },
];

/** Yearly price with the yearly discount, in cents (12 x monthly x 0.8). */
export function yearlyPriceCents(monthlyPriceCents: number, discountPercent: number): number {
  return Math.round(monthlyPriceCents * 12 * (1 - discountPercent / 100));
}

function toRow(seed: PlanSeed, order: number): PlanInsert {
  const features: PlanFeatures = {
    textToSpeech: true,
    musicGeneration: true,
    voiceCloning: true,
    voiceIsolator: true,
    apiAccess: seed.apiAccess,
    commercialLicense: seed.commercialLicense,
  };
  const monthlyPriceCents = seed.monthlyPriceDollars * 100;
  return {
    name: seed.name,
    displayName: seed.displayName,
    description: seed.description,
    status: 'active',
    displayOrder: order,
    popular: seed.popular,
    badge: seed.badge,
    monthlyPriceCents,
    yearlyPriceCents: yearlyPriceCents(monthlyPriceCents, YEARLY_DISCOUNT_PERCENT),
    yearlyDiscountPercent: YEARLY_DISCOUNT_PERCENT,
    monthlyCredits: seed.monthlyCredits,
    creditRates: structuredClone(DEFAULT_CREDIT_RATES),
    customVoices: seed.customVoices,
    features,
  };
}

/** Inserts the plans that are missing; plans already present keep the operator's edits. */
export async function seedPlans(db: Database): Promise<void> {
  await db
    .insert(plans)
    .values(SEEDS.map((seed, index) => toRow(seed, index + 1)))
    .onConflictDoNothing({ target: plans.name });
}
