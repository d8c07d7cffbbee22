import { useEffect, useState } from 'react';
import type { FeatureNotInPlanDetails } from '@sound-studio/shared';
import { onApiError } from '../../../lib/api/index.ts';
import { featureNotInPlanDetailsSchema } from '../api/billing-api.ts';

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
        void featureNotInPlanDetailsSchema.loadSchema().then((schema) => {
          const details = schema.safeParse(error.details);
          if (details.success) setGate(details.data);
        });
      }),
    [],
  );
  return { gate, dismiss: () => setGate(null) };
}
