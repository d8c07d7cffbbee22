import { ttsRatePerCharacter, type Plan } from '@sound-studio/shared';
import type { Database } from '../db/client.ts';
import { listPlanRows, type PlanRow } from './plan-repository.ts';

/** The database row in the shape of the spec's Plan entity. */
export function planFromRow(row: PlanRow): Plan {
  return {
    _id: row.id,
    name: row.name as Plan['name'],
    displayName: row.displayName,
    description: row.description,
    status: row.status,
    display: { order: row.displayOrder, popular: row.popular, badge: row.badge },
    pricing: {
      currency: 'USD',
      monthly: { amount: row.monthlyPriceCents / 100 },
      yearly: { amount: row.yearlyPriceCents / 100, discount: row.yearlyDiscountPercent },
    },
    credits: {
      monthly: row.monthlyCredits,
      // Plans saved before neural voices existed show the default neural rate they are charged.
      rates: { ...row.creditRates, tts: { ...row.creditRates.tts, neuralPerCharacter: ttsRatePerCharacter(row.creditRates, true) } },
    },
    limits: { customVoices: row.customVoices },
    features: row.features,
  };
}

export async function listPlans(db: Database): Promise<Plan[]> {
  const rows = await listPlanRows(db);
  return rows.map(planFromRow);
}
