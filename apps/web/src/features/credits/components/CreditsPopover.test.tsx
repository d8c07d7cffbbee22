import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreditSummary } from '@sound-studio/shared';
import { makeBillingOverview } from '../../../test/fixtures.ts';
import { errorReply, okReply, renderWithProviders, setupI18n, stubFetch } from '../../../test/render.tsx';
import { CreditsPopover } from './CreditsPopover.tsx';

const SUMMARY: CreditSummary = {
  balance: 1_512_000,
  subscription: 'Creator',
  monthlyAllowance: 1_500_000,
  thisMonth: { used: 3000, granted: 1_500_000 },
  transactions: [{ id: 't1', amount: 1_500_000, reason: 'monthly_grant', description: 'Creator plan', reference: null, createdAt: '2026-11-25T12:00:00.000Z' }],
};

const CYCLE = {
  balance: 1_512_000,
  usedThisCycle: 3000,
  cycleStart: '2026-11-25T12:00:00.000Z',
  nextRenewalAt: '2026-12-25T12:00:00.000Z',
  nextRenewalCredits: 1_500_000,
  expiring: [
    { amount: 7000, expiresAt: '2026-12-25T12:00:00.000Z' },
    { amount: 8000, expiresAt: '2027-01-25T12:00:00.000Z' },
  ],
};

async function openPopover(billingReply: () => Response) {
  stubFetch({ 'GET /credits/summary': () => okReply(SUMMARY), 'GET /billing': billingReply });
  renderWithProviders(<CreditsPopover />);
  const user = userEvent.setup();
  await user.click(screen.getByTestId('credits-button'));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByTestId('credits-balance');
  return dialog;
}

describe('CreditsPopover', () => {
  beforeEach(() => setupI18n('en'));
  afterEach(() => vi.unstubAllGlobals());

  it("shows the cycle's usage, the next renewal with its credits, and what expires when", async () => {
    const dialog = await openPopover(() => okReply(makeBillingOverview({ credits: CYCLE }, { plan: 'creator' })));
    expect(within(dialog).getByTestId('credits-balance')).toHaveTextContent('1,512,000');
    expect(await within(dialog).findByTestId('cycle-used')).toHaveTextContent('3,000 used of 1,500,000');
    expect(within(dialog).getByTestId('cycle-renewal')).toHaveTextContent('Renews on Dec 25, 2026 with 1,500,000 credits');
    expect(within(dialog).getAllByTestId('expiring-credits').map((row) => row.textContent)).toEqual([
      '7,000 credits expire on Dec 25, 2026',
      '8,000 credits expire on Jan 25, 2027',
    ]);
    expect(within(dialog).getByText('Monthly credits')).toBeInTheDocument();
  });

  it('says when nothing expires', async () => {
    const dialog = await openPopover(() => okReply(makeBillingOverview()));
    expect(await within(dialog).findByText('No credits are due to expire.')).toBeInTheDocument();
  });

  it('falls back to the calendar month when billing cannot be read', async () => {
    const dialog = await openPopover(() => errorReply(500, 'INTERNAL_ERROR', 'Boom'));
    expect(within(dialog).getByText('3,000 used of 1,500,000')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('credit-cycle')).toBeNull();
  });

  it('speaks Turkish', async () => {
    await setupI18n('tr');
    const dialog = await openPopover(() => okReply(makeBillingOverview({ credits: CYCLE }, { plan: 'creator' })));
    expect(await within(dialog).findByTestId('cycle-renewal')).toHaveTextContent('25 Ara 2026 tarihinde 1.500.000 krediyle yenilenir');
    expect(within(dialog).getAllByTestId('expiring-credits')[0]).toHaveTextContent('7.000 kredinin süresi 25 Ara 2026 tarihinde doluyor');
  });
});
