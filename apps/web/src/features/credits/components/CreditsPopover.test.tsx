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
  transactions: [{ id: 't1', amount: 1_500_000, reason: 'monthly_grant', description: 'Creator plan', reference: null, activity: null, createdAt: '2026-11-25T12:00:00.000Z' }],
};

const at = '2026-11-25T12:00:00.000Z';
const ACTIVITY: CreditSummary['transactions'] = [
  { id: 'a1', amount: -83, reason: 'charge', description: 'Text to speech (83 characters)', reference: 'tts:1', activity: { kind: 'speech', characters: 83 }, createdAt: at },
  { id: 'a2', amount: -300, reason: 'hold', description: 'Music: Song (30 s)', reference: 'm', activity: { kind: 'music', seconds: 30 }, createdAt: at },
  { id: 'a3', amount: -500, reason: 'charge', description: 'Voice clone: Ana', reference: 'clone:1', activity: { kind: 'voice_clone' }, createdAt: at },
  { id: 'a4', amount: 1_500_000, reason: 'monthly_grant', description: 'Creator: monthly credits', reference: 'cycle:2026-11-25', activity: null, createdAt: at },
  { id: 'a5', amount: 120, reason: 'refund', description: 'Refund', reference: null, activity: null, createdAt: at },
];

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

async function openPopover(billingReply: () => Response, summary: CreditSummary = SUMMARY) {
  stubFetch({ 'GET /credits/summary': () => okReply(summary), 'GET /billing': billingReply });
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

  it('says what each activity row was, not just "Used"', async () => {
    const dialog = await openPopover(() => okReply(makeBillingOverview()), { ...SUMMARY, transactions: ACTIVITY });
    expect(within(dialog).getAllByRole('listitem').map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Speech, 83 characters',
      'Music, 30 s (in progress)',
      'Voice clone',
      'Plan renewal',
      'Refund',
    ]);
  });

  it('says what each activity row was in Turkish', async () => {
    await setupI18n('tr');
    const dialog = await openPopover(() => okReply(makeBillingOverview()), { ...SUMMARY, transactions: ACTIVITY });
    expect(within(dialog).getAllByRole('listitem').map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Seslendirme, 83 karakter',
      'Müzik, 30 sn (sürüyor)',
      'Ses klonlama',
      'Plan yenilemesi',
      'Geri ödeme',
    ]);
  });
});
