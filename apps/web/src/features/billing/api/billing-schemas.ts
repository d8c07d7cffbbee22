/** Loaded on first use (`billing-api.ts`, `use-plan-gate.ts`): the studio draws its pages without building these. */
export { billingOverviewSchema, checkoutQuoteSchema, checkoutReplySchema, featureNotInPlanDetailsSchema, portalReplySchema } from '@sound-studio/shared';
