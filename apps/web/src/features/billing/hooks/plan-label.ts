import { useCallback } from 'react';
import { useTranslation } from '../../../lib/translator.ts';
import type { PlanTier } from '@sound-studio/shared';

/** A plan tier as the pricing cards name it: paid plans by brand name ('creator' -> 'Creator'), the same in every language. */
export function planLabel(plan: PlanTier): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}

/**
 * The tier's name for sentences in the interface language: the free plan's name is a word ("Free", Turkish
 * "Ücretsiz"), the like of usePlanName's "Free Plan"; paid plans keep their brand names.
 */
export function usePlanLabel(): (plan: PlanTier) => string {
  const { t } = useTranslation();
  return useCallback((plan: PlanTier) => (plan === 'free' ? t('pricing.freeTierName') : planLabel(plan)), [t]);
}
