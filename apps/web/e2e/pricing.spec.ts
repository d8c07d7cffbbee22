import { expect } from '@playwright/test';
import { openSignedIn } from './helpers.ts';
import { test } from './signed-in.ts';

test('pricing: yearly by default, monthly toggle, current plan marked, a plan request withdrawn, FAQ', async ({ page }) => {
  await openSignedIn(page);
  await page.getByTestId('upgrade-button').click();
  await expect(page).toHaveURL(/\/pricing$/);

  const plans = await (await page.request.get('/api/auth/plans')).json();
  const starter = plans.data.find((plan: { name: string }) => plan.name === 'starter');
  const yearly = page.getByRole('radio', { name: /Yearly/ });
  await expect(yearly).toHaveAttribute('aria-checked', 'true');
  await expect(yearly).toContainText('Save 20%');

  const starterCard = page.getByTestId('plan-starter');
  const perMonth = (amount: number) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: amount % 1 === 0 ? 0 : 2 }).format(amount);
  await expect(starterCard.getByTestId('plan-price')).toHaveText(perMonth(Math.round((starter.pricing.yearly.amount / 12) * 100) / 100));
  await page.getByRole('radio', { name: 'Monthly' }).click();
  await expect(starterCard.getByTestId('plan-price')).toHaveText(perMonth(starter.pricing.monthly.amount));

  // Cards come in display order; the user's Free Plan is marked and its button disabled.
  const names = await page.locator('article[data-testid^="plan-"]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-testid')));
  expect(names).toEqual(plans.data.map((plan: { name: string }) => `plan-${plan.name}`));
  const free = page.getByTestId('plan-free');
  await expect(free).toHaveAttribute('data-current', 'true');
  await expect(free.getByRole('button')).toBeDisabled();
  await expect(free).toContainText('Current plan');
  await expect(page.locator('[data-current]')).toHaveCount(1);

  // Under manual billing (the default) a choice becomes a request waiting for the operator; it can be withdrawn.
  await starterCard.getByRole('button', { name: /Choose/ }).click();
  const pending = page.getByTestId('pending-change');
  await expect(pending).toContainText('Waiting for confirmation');
  await expect(starterCard).toContainText('Awaiting confirmation');
  await pending.getByRole('button', { name: 'Cancel request' }).click();
  await expect(pending).toHaveCount(0);

  const firstQuestion = page.getByRole('button', { name: /What are credits/ });
  await firstQuestion.click();
  await expect(page.getByText(/1 credit per character/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', /^mailto:/);
});

test('the credits popover shows the real balance and latest transactions', async ({ page }) => {
  await openSignedIn(page);
  await page.getByTestId('credits-button').click();
  const summary = await page.evaluate(async () => {
    const token = localStorage.getItem('soundstudio_access_token');
    const reply = await fetch('/api/credits/summary', { headers: { Authorization: `Bearer ${token}` } });
    return (await reply.json()).data;
  });
  await expect(page.getByTestId('credits-balance')).toHaveText(new Intl.NumberFormat('en-US').format(summary.balance));
  await expect(page.getByRole('dialog')).toContainText('Welcome credits');
});
