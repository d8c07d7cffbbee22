export { CreditsPopover } from './components/CreditsPopover.tsx';
export { useCreditSummary, creditSummaryQueryKey } from './api/use-credit-summary.ts';
