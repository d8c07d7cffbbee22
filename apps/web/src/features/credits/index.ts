export { CreditsPopover } from './components/CreditsPopover.tsx';
export { useCreditSummary, creditSummaryQuery, creditSummaryQueryKey } from './api/use-credit-summary.ts';
export { useCreditsRedirect } from './hooks/use-credits-redirect.ts';
