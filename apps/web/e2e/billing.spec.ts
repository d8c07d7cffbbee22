import { expect } from '@playwright/test';
import type { Plan } from '@sound-studio/shared';
import { approveAsOperator, billingOverview, headerBalance } from './billing-helpers.ts';
import { openSignedIn } from './helpers.ts';
import { test } from './signed-in.ts';

test.skip(!process.env.E2E_ADMIN_TOKEN, 'E2E_ADMIN_TOKEN not set');

test('manual billing: pricing -> pending request -> operator approves -> Creator in Settings with more credits', async ({ page }) => {
  await openSignedIn(page);
  const balanceBefore = await headerBalance(page);
  const plans = (await (await page.request.get('/api/auth/plans')).json()).data as Plan[];
  const creator = plans.find((plan) => plan.name === 'creator');
  if (!creator) throw new Error('no creator plan');

  // Pricing: monthly, Creator.
  await page.getByTestId('upgrade-button').click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.getByRole('radio', { name: 'Monthly' }).click();
  await page.getByTestId('plan-creator').getByRole('button', { name: 'Choose plan (Creator)' }).click();
  await expect(page.getByTestId('plan-change-plan')).toHaveText('Creator, billed monthly');
  await page.getByTestId('plan-change-confirm').click();

  // Manual billing: the request waits for the operator, with what it costs.
  const notice = page.getByTestId('pending-change');
  await expect(notice).toContainText('Waiting for confirmation');
  await expect(notice).toContainText('Creator plan, billed monthly:');
  const pending = (await billingOverview(page)).pendingChange;
  if (!pending) throw new Error('no pending change after the checkout');
  expect(pending).toMatchObject({ plan: 'creator', interval: 'monthly', amountDueCents: Math.round(creator.pricing.monthly.amount * 100) });
  await expect(notice).toContainText(new Intl.NumberFormat('en-US').format(pending.creditsOnPayment));
  await expect(page.getByTestId('plan-creator')).toContainText('Awaiting confirmation');
  await expect(page.getByTestId('plan-free')).toHaveAttribute('data-current', 'true');

  approveAsOperator(pending.id);

  // The page looks again while a request is pending: the notice goes and Creator becomes the current plan.
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('plan-creator')).toHaveAttribute('data-current', 'true');

  // Settings > Billing shows the plan, and the balance rose by the plan's credits.
  await page.goto('/settings');
  await expect(page.getByTestId('billing-plan')).toHaveText('Creator');
  await expect(page.getByTestId('billing-interval')).toHaveText('Monthly');
  await expect(page.getByTestId('billing-status')).toHaveText('Active');
  await expect(page.getByTestId('invoice-row').first()).toContainText('Paid');
  const balanceAfter = await headerBalance(page);
  expect(balanceAfter).toBeGreaterThan(balanceBefore);
  expect(balanceAfter - balanceBefore).toBe(pending.creditsOnPayment);
  await page.getByTestId('credits-button').click();
  await expect(page.getByTestId('cycle-renewal')).toContainText(`with ${new Intl.NumberFormat('en-US').format(creator.credits.monthly)} credits`);
});
