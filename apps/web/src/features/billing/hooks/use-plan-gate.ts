import { useEffect, useState } from 'react';
import type { FeatureNotInPlanDetails } from '@sound-studio/shared';
import { onApiError } from '../../../lib/api/index.ts';

/**
 * The last FEATURE_NOT_IN_PLAN any call met (its details: the feature, the plan, where to upgrade), until dismissed.
 * Errors whose details do not parse are left to their callers' own messages.
 */
export function usePlanGate(): { gate: FeatureNotInPlanDetails | null; dismiss: () => void } {
  const [gate, setGate] = useState<FeatureNotInPlanDetails | null>(null);
  useEffect(
    () =>
      onApiError((error) => {
        if (error.code !== 'FEATURE_NOT_IN_PLAN') return;
        void import('../api/billing-schemas.ts').then(({ featureNotInPlanDetailsSchema }) => {
          const details = featureNotInPlanDetailsSchema.safeParse(error.details);
          if (details.success) setGate(details.data);
        });
      }),
    [],
  );
  return { gate, dismiss: () => setGate(null) };
}
