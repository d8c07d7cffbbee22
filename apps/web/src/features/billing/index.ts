export { BillingSection } from './components/BillingSection.tsx';
export { CreditCycleDetails } from './components/CreditCycleDetails.tsx';
export { PendingChangeNotice } from './components/PendingChangeNotice.tsx';
export { PlanGateDialog } from './components/PlanGateDialog.tsx';
export { useBillingOverview, billingQueryKey } from './api/billing-api.ts';
export { useCheckout } from './hooks/use-checkout.ts';
export { useUserPlanSync } from './hooks/use-user-plan-sync.ts';
export { useLicenseDownload } from './hooks/use-license-download.ts';
export { isPaymentProviderUnavailable } from './hooks/provider-unavailable.ts';
