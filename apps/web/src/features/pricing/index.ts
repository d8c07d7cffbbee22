export { usePlanUpdates } from './hooks/use-plan-updates.ts';
export { usePlans, plansQueryKey } from './api/use-plans.ts';
