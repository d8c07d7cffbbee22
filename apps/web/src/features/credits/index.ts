export { CreditsPopover } from './components/CreditsPopover.tsx';
export { useCreditSummary, creditSummaryQueryKey } from './api/use-credit-summary.ts';
export { useCreditsRedirect } from './hooks/use-credits-redirect.ts';
