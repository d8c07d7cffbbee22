import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Plan } from '@sound-studio/shared';
import { fakeAuth, okReply, renderWithProviders, setupI18n, stubFetch, testUser } from '../../../test/render.tsx';
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
  afterEach(() => vi.unstubAllGlobals());

  async function renderPricing(subscription = 'Free Plan') {
    stubFetch({ 'GET /auth/plans': () => okReply(PLANS) });
    renderWithProviders(<PricingPage />, { auth: fakeAuth({ user: { ...testUser, subscription } }) });
    return screen.findAllByRole('article');
  }

  it('shows the plans in display order with yearly prices per month by default', async () => {
    const cards = await renderPricing();
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

  it('answers an upgrade click with the spec alert', async () => {
    await renderPricing();
    await userEvent.setup().click(within(screen.getByTestId('plan-starter')).getByRole('button'));
    expect(await screen.findByText('Subscription functionality will be implemented soon!')).toBeInTheDocument();
  });

  it('shows the FAQ in the current language', async () => {
    await setupI18n('tr');
    await renderPricing();
    expect(screen.getByRole('heading', { name: 'Sıkça sorulan sorular' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Yıllık/ })).toHaveTextContent('%20 tasarruf');
  });
});
