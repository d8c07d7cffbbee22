import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingInterval, BillingOverview, CheckoutQuote, CheckoutReply, Plan, PlanTier } from '@sound-studio/shared';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { makeBillingOverview } from '../../../test/fixtures.ts';
import { errorReply, fakeAuth, okReply, renderWithProviders, setupI18n, stubFetch, testUser } from '../../../test/render.tsx';
import { pricePerMonth } from './plan-pricing.ts';
import { PricingPage } from './PricingPage.tsx';

function plan(name: Plan['name'], order: number, monthly: number, yearly: number, overrides: Partial<Plan> = {}): Plan {
  const allFeatures = { textToSpeech: true, musicGeneration: true, voiceCloning: true, voiceIsolator: true, apiAccess: name !== 'free', commercialLicense: name !== 'free' };
  return {
    _id: `id-${name}`,
    name,
    displayName: name === 'free' ? 'Free Plan' : name[0]?.toUpperCase() + name.slice(1),
    description: `${name} description`,
    status: 'active',
    display: { order, popular: name === 'creator', badge: name === 'creator' ? 'Most popular' : null },
    pricing: { currency: 'USD', monthly: { amount: monthly }, yearly: { amount: yearly, discount: 20 } },
    credits: { monthly: name === 'free' ? 10_000 : 1_500_000, rates: { tts: { perCharacter: 1 }, music: { per30Seconds: 200 }, voiceClone: { creation: 2000 }, voiceIsolator: { perMinute: 100 } } },
    limits: { customVoices: 3 },
    features: allFeatures,
    ...overrides,
  };
}

// Deliberately out of order: the page sorts by display order.
const PLANS = [plan('creator', 3, 22, 211.2), plan('free', 1, 0, 0), plan('starter', 2, 5, 48)];

describe('pricePerMonth', () => {
  it('is the monthly amount, or the yearly amount divided by 12', () => {
    expect(pricePerMonth(plan('starter', 1, 5, 48), 'monthly')).toBe(5);
    expect(pricePerMonth(plan('starter', 1, 5, 48), 'yearly')).toBe(4);
    expect(pricePerMonth(plan('creator', 1, 22, 211.2), 'yearly')).toBe(17.6);
  });
});

describe('PricingPage', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  async function renderPricing(subscription = 'Free Plan', routes: Parameters<typeof stubFetch>[0] = {}) {
    const stub = stubFetch({ 'GET /auth/plans': () => okReply(PLANS), 'GET /billing': () => okReply(makeBillingOverview()), ...routes });
    renderWithProviders(
      <ToastProvider>
        <PricingPage />
      </ToastProvider>,
      { auth: fakeAuth({ user: { ...testUser, subscription } }) },
    );
    await screen.findAllByRole('article');
    return stub;
  }

  it('shows the plans in display order with yearly prices per month by default', async () => {
    await renderPricing();
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('data-testid'))).toEqual(['plan-free', 'plan-starter', 'plan-creator']);
    expect(screen.getByRole('radio', { name: /Yearly/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('Save 20%')).toBeInTheDocument();
    const starter = within(screen.getByTestId('plan-starter'));
    expect(starter.getByTestId('plan-price')).toHaveTextContent('$4');
    expect(starter.getByText('Billed $48 yearly')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-creator')).getByTestId('plan-price')).toHaveTextContent('$17.60');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(starter.getByTestId('plan-price')).toHaveTextContent('$5');
  });

  it('shows credits as K or M, the popular badge and the feature flags', async () => {
    await renderPricing();
    expect(within(screen.getByTestId('plan-free')).getByText('10K credits / month')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-creator')).getByText('1.5M credits / month')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-creator')).getByText('Most popular')).toBeInTheDocument();
    expect(within(screen.getByTestId('plan-free')).getAllByText('(not included)', { exact: false })).toHaveLength(2);
    expect(within(screen.getByTestId('plan-starter')).queryByText('(not included)', { exact: false })).toBeNull();
  });

  it.each([
    ['Free Plan', 'plan-free'],
    ['Free', 'plan-free'],
    ['free', 'plan-free'],
    ['Starter', 'plan-starter'],
    ['creator', 'plan-creator'],
  ])('marks "%s" as the current plan with a disabled button', async (subscription, current) => {
    await renderPricing(subscription);
    const card = screen.getByTestId(current);
    expect(card).toHaveAttribute('data-current', 'true');
    expect(within(card).getByRole('button')).toBeDisabled();
    expect(screen.getAllByRole('article').filter((article) => article.hasAttribute('data-current'))).toHaveLength(1);
  });

  const pendingCreator = { id: 'pc-1', plan: 'creator', interval: 'monthly', amountDueCents: 2200, creditsOnPayment: 1_500_000, createdAt: '2026-11-25T12:00:00.000Z' } as const;

  function checkoutRoute(reply: CheckoutReply | (() => Response)) {
    return { 'POST /billing/checkout': () => (typeof reply === 'function' ? reply() : okReply(reply)) };
  }

  /** The server's quote for one choice (an upgrade from Free under manual billing unless overridden). */
  function quoteRoute(plan: PlanTier, interval: BillingInterval, overrides: Partial<CheckoutQuote> = {}) {
    const quote: CheckoutQuote = {
      plan,
      interval,
      currentPlan: 'free',
      currentInterval: 'monthly',
      change: 'upgrade',
      provider: 'manual',
      amountDueCents: 1100,
      creditsNow: 745_000,
      effectiveAt: '2026-11-25T12:00:00.000Z',
      renewalPriceCents: 2200,
      renewalCredits: 1_500_000,
      renewalAt: '2026-12-10T12:00:00.000Z',
      ...overrides,
    };
    return { [`GET /billing/checkout-quote?plan=${plan}&interval=${interval}`]: () => okReply(quote) };
  }

  /** Choose plan, then the summary's confirm button: only the second click files the change. */
  async function chooseAndConfirm(user: ReturnType<typeof userEvent.setup>, card: string) {
    await user.click(within(screen.getByTestId(card)).getByRole('button'));
    const dialog = await screen.findByTestId('plan-change-dialog');
    await waitFor(() => expect(within(dialog).getByTestId('plan-change-confirm')).toBeEnabled());
    await user.click(within(dialog).getByTestId('plan-change-confirm'));
  }

  it('shows what a change does before filing it, and Not now files nothing', async () => {
    const { calls } = await renderPricing('Free Plan', quoteRoute('creator', 'monthly'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    await user.click(within(screen.getByTestId('plan-creator')).getByRole('button', { name: 'Choose plan (Creator)' }));
    const dialog = within(await screen.findByTestId('plan-change-dialog'));
    expect(await dialog.findByRole('heading', { name: 'Upgrade to Creator?' })).toBeInTheDocument();
    expect(dialog.getByTestId('plan-change-plan')).toHaveTextContent('Creator, billed monthly');
    expect(dialog.getByTestId('plan-change-price')).toHaveTextContent('$22 per month');
    expect(dialog.getByTestId('plan-change-due')).toHaveTextContent('$11 (prorated for the rest of this period)');
    expect(dialog.getByTestId('plan-change-credits-now')).toHaveTextContent('+745,000 credits as soon as the payment is confirmed');
    expect(dialog.getByTestId('plan-change-renewal')).toHaveTextContent('From Dec 10, 2026: 1,500,000 credits every month');
    expect(dialog.getByTestId('plan-change-next')).toHaveTextContent('Your request goes to our team. The plan starts once your payment of $11 is confirmed.');
    await user.click(dialog.getByTestId('plan-change-cancel'));
    await waitFor(() => expect(screen.queryByTestId('plan-change-dialog')).toBeNull());
    expect(calls.some((call) => call.path === '/billing/checkout')).toBe(false);
  });

  it('sends the chosen plan and interval, then shows the pending request under manual billing', async () => {
    let billing: BillingOverview = makeBillingOverview();
    const { calls } = await renderPricing('Free Plan', {
      'GET /billing': () => okReply(billing),
      ...quoteRoute('creator', 'monthly'),
      ...checkoutRoute(() => {
        billing = makeBillingOverview({ pendingChange: pendingCreator });
        return okReply({ action: 'pending', billing });
      }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    await chooseAndConfirm(user, 'plan-creator');
    expect(await screen.findByTestId('toast')).toHaveTextContent('Request sent: Creator plan, billed monthly, $22 due. Your plan changes once the payment is confirmed.');
    const notice = await screen.findByTestId('pending-change');
    expect(notice).toHaveTextContent('Waiting for confirmation');
    expect(notice).toHaveTextContent('Creator plan, billed monthly: $22 due');
    expect(calls.find((call) => call.path === '/billing/checkout')?.body).toEqual({ plan: 'creator', interval: 'monthly' });
    const creator = within(screen.getByTestId('plan-creator'));
    expect(creator.getByText('Awaiting confirmation')).toBeInTheDocument();
    expect(creator.getByRole('button')).toBeDisabled();
    // The spec's current-plan rule is untouched: Free stays the current plan until the change is paid.
    expect(screen.getByTestId('plan-free')).toHaveAttribute('data-current', 'true');
  });

  it('sends the yearly interval when yearly is chosen', async () => {
    let billing: BillingOverview = makeBillingOverview();
    const { calls } = await renderPricing('Free Plan', {
      'GET /billing': () => okReply(billing),
      ...quoteRoute('starter', 'yearly'),
      ...checkoutRoute(() => {
        billing = makeBillingOverview({ pendingChange: { ...pendingCreator, plan: 'starter', interval: 'yearly' } });
        return okReply({ action: 'pending', billing });
      }),
    });
    await chooseAndConfirm(userEvent.setup(), 'plan-starter');
    await screen.findByTestId('pending-change');
    expect(calls.find((call) => call.path === '/billing/checkout')?.body).toEqual({ plan: 'starter', interval: 'yearly' });
  });

  it('goes to the provider page when the checkout answers with a redirect', async () => {
    // The page leaves for Stripe through location.assign; the test only watches the call.
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await renderPricing('Free Plan', { ...quoteRoute('creator', 'yearly', { provider: 'stripe' }), ...checkoutRoute({ action: 'redirect', url: 'https://checkout.stripe.com/c/pay/cs_test_1' }) });
    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('plan-creator')).getByRole('button'));
    expect(await screen.findByTestId('plan-change-next')).toHaveTextContent('You will pay $11 on the secure checkout page');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
  });

  it('confirms a scheduled downgrade with its date', async () => {
    const scheduled = makeBillingOverview({}, { plan: 'creator', scheduledChange: { plan: 'starter', interval: 'monthly', effectiveAt: '2026-12-25T12:00:00.000Z', reason: 'downgrade' } });
    await renderPricing('Creator', {
      'GET /auth/validate': () => okReply({ user: { ...testUser, subscription: 'Creator' } }),
      ...quoteRoute('starter', 'yearly', { change: 'downgrade', currentPlan: 'creator', amountDueCents: 0, creditsNow: 0, effectiveAt: '2026-12-25T12:00:00.000Z' }),
      ...checkoutRoute({ action: 'applied', billing: scheduled }),
    });
    const user = userEvent.setup();
    await user.click(within(screen.getByTestId('plan-starter')).getByRole('button'));
    expect(await screen.findByTestId('plan-change-next')).toHaveTextContent('Nothing is charged now. Starter starts on Dec 25, 2026; until then you keep Creator.');
    await user.click(screen.getByRole('button', { name: 'Schedule the change' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Your plan changes to Starter on Dec 25, 2026.');
  });

  it('says why a checkout could not start', async () => {
    await renderPricing('Free Plan', { ...quoteRoute('starter', 'yearly'), ...checkoutRoute(() => errorReply(500, 'INTERNAL_ERROR', 'Boom')) });
    await chooseAndConfirm(userEvent.setup(), 'plan-starter');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not start the plan change. Please try again.');
  });

  it('says to try again later when the payment provider cannot be reached', async () => {
    await renderPricing('Free Plan', {
      ...quoteRoute('starter', 'yearly'),
      ...checkoutRoute(() => errorReply(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'The payment provider (Stripe) cannot be reached right now.')),
    });
    await chooseAndConfirm(userEvent.setup(), 'plan-starter');
    expect(await screen.findByRole('alert')).toHaveTextContent('Stripe, the payment provider, cannot be reached right now. Please try again in a few minutes.');
  });

  it('shows a pending request found on arrival', async () => {
    await renderPricing('Free Plan', { 'GET /billing': () => okReply(makeBillingOverview({ pendingChange: pendingCreator })) });
    expect(await screen.findByTestId('pending-change')).toHaveTextContent('$22');
    expect(within(screen.getByTestId('plan-creator')).getByRole('button')).toHaveTextContent('Requested');
  });

  it('shows the FAQ in the current language', async () => {
    await setupI18n('tr');
    await renderPricing();
    expect(screen.getByRole('heading', { name: 'Sıkça sorulan sorular' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Yıllık/ })).toHaveTextContent('%20 tasarruf');
  });
});
