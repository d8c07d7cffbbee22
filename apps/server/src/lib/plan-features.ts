import type { FastifyRequest } from 'fastify';
import { PLAN_FEATURE_REFUSALS, PRICING_PATH, type FeatureNotInPlanDetails, type GatedFeature, type PlanTier } from '@sound-studio/shared';
import type { Database } from '../db/client.ts';
import { findUserPlanFeatures } from './account-repository.ts';
import { requireAuth } from './authentication.ts';
import { AppError } from './errors.ts';

const REFUSALS: Record<GatedFeature, string> = {
  musicGeneration: PLAN_FEATURE_REFUSALS.musicGenerationNotInPlan,
  voiceCloning: PLAN_FEATURE_REFUSALS.voiceCloningNotInPlan,
  voiceIsolator: PLAN_FEATURE_REFUSALS.voiceIsolatorNotInPlan,
  apiAccess: PLAN_FEATURE_REFUSALS.apiAccessNotInPlan,
  commercialLicense: PLAN_FEATURE_REFUSALS.commercialLicenseNotInPlan,
};

/** 403 FEATURE_NOT_IN_PLAN: the one refusal for every plan feature, with the upgrade link the client shows. */
export function featureNotInPlanError(feature: GatedFeature, plan: PlanTier): AppError {
  const details: FeatureNotInPlanDetails = { feature, plan, upgradeUrl: PRICING_PATH };
  return new AppError('FEATURE_NOT_IN_PLAN', REFUSALS[feature], { ...details });
}

/** Whether the user's current plan has the feature (an operator may switch any feature off for any plan). */
export async function planHasFeature(db: Database, userId: string, feature: GatedFeature): Promise<{ allowed: boolean; plan: PlanTier }> {
  const row = await findUserPlanFeatures(db, userId);
  if (!row) throw new AppError('UNAUTHORIZED', 'Account not found');
  return { allowed: row.features[feature], plan: row.plan as PlanTier };
}

export async function assertPlanFeature(db: Database, userId: string, feature: GatedFeature): Promise<void> {
  const { allowed, plan } = await planHasFeature(db, userId, feature);
  if (!allowed) throw featureNotInPlanError(feature, plan);
}

/**
 * Route hook after `authenticate` (onRequest: [app.authenticate, requirePlanFeature(app.db, 'voiceIsolator')]): the
 * refusal comes before any upload is read.
 */
export function requirePlanFeature(db: Database, feature: GatedFeature): (request: FastifyRequest) => Promise<void> {
  return async (request) => assertPlanFeature(db, requireAuth(request).userId, feature);
}
