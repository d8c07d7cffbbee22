/**
 * The pricing page alone, its own chunk loaded on first visit: the signed-in shell uses the feature's hooks from
 * index.ts, never the page.
 */
export { PricingPage } from './components/PricingPage.tsx';
