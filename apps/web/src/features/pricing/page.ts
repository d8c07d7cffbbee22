/** The pricing page alone, loaded on first visit: the shell uses the feature's hooks (index.ts) without the page. */
export { PricingPage } from './components/PricingPage.tsx';
