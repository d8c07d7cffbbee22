import type { PlanTier } from '@sound-studio/shared';

/** A plan tier as the pricing cards name it (brand names, the same in every language): 'creator' -> 'Creator'. */
export function planLabel(plan: PlanTier): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}
