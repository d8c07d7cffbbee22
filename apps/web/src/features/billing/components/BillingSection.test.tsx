import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingOverview, Invoice } from '@sound-studio/shared';
import { errorReply, fakeAuth, okReply, renderWithProviders, setupI18n, stubFetch, testUser } from '../../../test/render.tsx';
import { makeBillingOverview } from '../../../test/fixtures.ts';
import { BillingSection } from './BillingSection.tsx';

const creatorUser = { ...testUser, subscription: 'Creator' };

function invoice(id: string, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id,
    number: `SS-2026-${id}`,
    description: 'Creator plan, monthly',
    amountCents: 2200,
    currency: 'USD',
    status: 'paid',
    periodStart: '2026-11-25T12:00:00.000Z',
    periodEnd: '2026-12-25T12:00:00.000Z',
    createdAt: '2026-11-25T12:00:00.000Z',
    paidAt: '2026-11-25T12:05:00.000Z',
    ...overrides,
  };
}

function creatorOverview(subscription: Partial<BillingOverview['subscription']> = {}, overrides: Partial<BillingOverview> = {}) {
  return makeBillingOverview(
    { credits: { ...makeBillingOverview().credits, nextRenewalCredits: 1_500_000 }, invoices: [invoice('0002'), invoice('0001', { status: 'refunded', amountCents: 550, createdAt: '2026-10-02T09:00:00.000Z' })], ...overrides },
    { plan: 'creator', ...subscription },
  );
}

/** GET /billing answers with whatever `state.overview` holds when asked, so a test can change it between calls. */
function serveBilling(initial: BillingOverview, routes: Parameters<typeof stubFetch>[0] = {}) {
  const state = { overview: initial };
  const stub = stubFetch({ 'GET /billing': () => okReply(state.overview), ...routes });
  return { state, ...stub };
}

describe('BillingSection', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows plan, cycle, status, next renewal with its credits, and the invoices', async () => {
    serveBilling(creatorOverview());
    renderWithProviders(<BillingSection />, { auth: fakeAuth({ user: creatorUser }) });
    expect(await screen.findByTestId('billing-plan')).toHaveTextContent('Creator');
    expect(screen.getByTestId('billing-interval')).toHaveTextContent('Monthly');
    expect(screen.getByTestId('billing-status')).toHaveTextContent('Active');
    expect(screen.getByTestId('billing-renewal')).toHaveTextContent('Dec 25, 2026');
    expect(screen.getByTestId('billing-renewal')).toHaveTextContent('1,500,000 credits on renewal');
    const rows = screen.getAllByTestId('invoice-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('SS-2026-0002');
    expect(rows[0]).toHaveTextContent('Nov 25, 2026');
    expect(rows[0]).toHaveTextContent('$22');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(rows[1]).toHaveTextContent('$5.50');
    expect(rows[1]).toHaveTextContent('Refunded');
    // Manual billing has no payment portal, and nothing is refundable here.
    expect(screen.queryByRole('button', { name: 'Manage payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request a refund' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Change plan' })).toHaveAttribute('href', '/pricing');
  });

  it('offers no cancel on the free plan and says when there are no invoices', async () => {
    serveBilling(makeBillingOverview());
    renderWithProviders(<BillingSection />);
    expect(await screen.findByTestId('billing-plan')).toHaveTextContent('Free');
    expect(screen.getByText('No invoices yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('cancels after asking, then shows the end date and resumes', async () => {
    const { state, calls } = serveBilling(creatorOverview(), {
      'POST /billing/cancel': () => {
        state.overview = creatorOverview({ cancelAtPeriodEnd: true, scheduledChange: { plan: 'free', interval: 'monthly', effectiveAt: '2026-12-25T12:00:00.000Z', reason: 'cancel' } });
        return okReply(state.overview);
      },
      'POST /billing/resume': () => {
        state.overview = creatorOverview();
        return okReply(state.overview);
      },
    });
    renderWithProviders(<BillingSection />, { auth: fakeAuth({ user: creatorUser }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByTestId('cancel-subscription-dialog');
    expect(dialog).toHaveTextContent('Your Creator plan stays active until Dec 25, 2026.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByTestId('scheduled-change')).toHaveTextContent(
      'Your subscription is cancelled: the Creator plan stays active until Dec 25, 2026, then your account moves to the Free plan.',
    );
    expect(screen.getByText('Plan ends')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/billing/cancel').map((call) => [call.method, call.headers.get('X-CSRF-Token')])).toEqual([['POST', 'csrf-test-token']]);
    await user.click(screen.getByRole('button', { name: 'Resume subscription' }));
    await waitFor(() => expect(screen.queryByTestId('scheduled-change')).toBeNull());
    expect(screen.getByText('Next renewal')).toBeInTheDocument();
  });

  it('keeps the current plan by cancelling a scheduled downgrade', async () => {
    const downgrade = { plan: 'starter', interval: 'yearly', effectiveAt: '2026-12-25T12:00:00.000Z', reason: 'downgrade' } as const;
    const { state, calls } = serveBilling(creatorOverview({ scheduledChange: downgrade }), {
      'DELETE /billing/scheduled-change': () => {
        state.overview = creatorOverview();
        return okReply(state.overview);
      },
    });
    renderWithProviders(<BillingSection />, { auth: fakeAuth({ user: creatorUser }) });
    expect(await screen.findByTestId('scheduled-change')).toHaveTextContent('Your plan changes to Starter (billed yearly) on Dec 25, 2026.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Keep Creator' }));
    await waitFor(() => expect(screen.queryByTestId('scheduled-change')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/billing/scheduled-change')).toBe(true);
  });

  it('shows a pending change with its amount and credits, and withdraws it', async () => {
    const pendingChange = { id: 'pc-1', plan: 'creator', interval: 'monthly', amountDueCents: 2200, creditsOnPayment: 1_500_000, createdAt: '2026-11-25T12:00:00.000Z' } as const;
    const { state } = serveBilling(makeBillingOverview({ pendingChange }), {
      'DELETE /billing/pending-change': () => {
        state.overview = makeBillingOverview();
        return okReply(state.overview);
      },
    });
    renderWithProviders(<BillingSection />);
    const notice = await screen.findByTestId('pending-change');
    expect(notice).toHaveTextContent('Waiting for confirmation');
    expect(notice).toHaveTextContent('Creator plan, billed monthly: $22 due');
    expect(notice).toHaveTextContent('Requested on Nov 25, 2026. Once your payment is confirmed, the plan starts and 1,500,000 credits are added to your balance.');
    await userEvent.setup().click(within(notice).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(screen.queryByTestId('pending-change')).toBeNull());
  });

  it('offers the refund while the money-back window is open, after asking', async () => {
    const refundableUntil = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const { state, calls } = serveBilling(creatorOverview({ refundableUntil }), {
      'POST /billing/refund': () => {
        state.overview = makeBillingOverview();
        return okReply(state.overview);
      },
    });
    renderWithProviders(<BillingSection />, { auth: fakeAuth({ user: creatorUser }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Request a refund' }));
    expect(screen.getByTestId('refund-dialog')).toHaveTextContent('14-day money-back guarantee');
    await user.click(screen.getByRole('button', { name: 'Refund my payment' }));
    await waitFor(() => expect(screen.getByTestId('billing-plan')).toHaveTextContent('Free'));
    expect(calls.filter((call) => call.path === '/billing/refund')).toHaveLength(1);
  });

  it('hides the refund once the window has closed', async () => {
    serveBilling(creatorOverview({ refundableUntil: new Date(Date.now() - 60_000).toISOString() }));
    renderWithProviders(<BillingSection />, { auth: fakeAuth({ user: creatorUser }) });
    await screen.findByTestId('billing-plan');
    expect(screen.queryByRole('button', { name: 'Request a refund' })).toBeNull();
  });

  it('opens the Stripe portal for payment details', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    serveBilling(creatorOverview({}, { provider: 'stripe' }), { 'POST /billing/portal': () => okReply({ url: 'https://billing.stripe.com/p/session/test_123' }) });
    renderWithProviders(<BillingSection />, { auth: fakeAuth({ user: creatorUser }) });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Manage payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_123'));
  });

  it('says when an action fails', async () => {
    serveBilling(creatorOverview({ scheduledChange: { plan: 'starter', interval: 'monthly', effectiveAt: '2026-12-25T12:00:00.000Z', reason: 'downgrade' } }), {
      'DELETE /billing/scheduled-change': () => errorReply(409, 'CONFLICT', 'Nothing scheduled'),
    });
    renderWithProviders(<BillingSection />, { auth: fakeAuth({ user: creatorUser }) });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Keep Creator' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That did not go through. Please try again.');
  });

  it('says to try again in a few minutes when the payment provider cannot be reached, in English and Turkish', async () => {
    for (const [language, resume, message] of [
      ['en', 'Resume subscription', 'Stripe, the payment provider, cannot be reached right now. Please try again in a few minutes.'],
      ['tr', 'Aboneliği sürdür', "Ödeme sağlayıcısı Stripe'a şu anda ulaşılamıyor. Lütfen birkaç dakika sonra tekrar deneyin."],
    ] as const) {
      await setupI18n(language);
      serveBilling(creatorOverview({ cancelAtPeriodEnd: true, scheduledChange: { plan: 'free', interval: 'monthly', effectiveAt: '2026-12-25T12:00:00.000Z', reason: 'cancel' } }), {
        'POST /billing/resume': () => errorReply(503, 'PAYMENT_PROVIDER_UNAVAILABLE', 'The payment provider (Stripe) cannot be reached right now.'),
      });
      const { unmount } = renderWithProviders(<BillingSection />, { auth: fakeAuth({ user: creatorUser }) });
      await userEvent.setup().click(await screen.findByRole('button', { name: resume }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      unmount();
    }
  });

  it('reads the user again when billing names another plan than the stored label (an approval)', async () => {
    const { calls } = serveBilling(creatorOverview(), { 'GET /auth/validate': () => okReply({ user: creatorUser }) });
    const { auth } = renderWithProviders(<BillingSection />);
    await waitFor(() => expect(auth.updateUser).toHaveBeenCalledWith(creatorUser));
    expect(calls.filter((call) => call.path === '/auth/validate')).toHaveLength(1);
  });

  it('offers a retry when the overview cannot be read', async () => {
    let attempts = 0;
    stubFetch({
      'GET /billing': () => {
        attempts += 1;
        return attempts === 1 ? errorReply(500, 'INTERNAL_ERROR', 'Boom') : okReply(makeBillingOverview());
      },
    });
    renderWithProviders(<BillingSection />);
    expect(await screen.findByText('Could not load your billing details.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('billing-plan')).toHaveTextContent('Free');
  });

  it.each([
    ['success', 'Thank you! Your payment went through'],
    ['cancel', 'Checkout was cancelled. Nothing was charged.'],
  ])('brings the section into view and says how a provider checkout ended (%s)', async (outcome, message) => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    serveBilling(makeBillingOverview());
    renderWithProviders(<BillingSection />, { path: `/settings/billing?checkout=${outcome}` });
    expect(await screen.findByRole('status')).toHaveTextContent(message);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('stays where it is on the plain settings page', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    serveBilling(makeBillingOverview());
    renderWithProviders(<BillingSection />, { path: '/settings' });
    await screen.findByTestId('billing-plan');
    expect(screen.queryByRole('status')).toBeNull();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('speaks Turkish', async () => {
    await setupI18n('tr');
    const pendingChange = { id: 'pc-1', plan: 'creator', interval: 'yearly', amountDueCents: 21_120, creditsOnPayment: 1_500_000, createdAt: '2026-11-25T12:00:00.000Z' } as const;
    serveBilling(makeBillingOverview({ pendingChange, invoices: [invoice('0003', { status: 'open' })] }));
    renderWithProviders(<BillingSection />);
    expect(await screen.findByTestId('pending-change')).toHaveTextContent('Onay bekleniyor');
    expect(screen.getByTestId('pending-change-summary')).toHaveTextContent(/^Creator planı, yıllık ödeme: \$211,20$/);
    expect(screen.getByText('Sonraki yenileme')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-row')).toHaveTextContent('Ödeme bekliyor');
    expect(screen.getByRole('button', { name: 'Talebi iptal et' })).toBeInTheDocument();
  });
});
