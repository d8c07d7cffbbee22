import { expect } from '@playwright/test';
import { test } from './signed-in.ts';

/** Editing a plan needs the server's admin token; the runner passes it as E2E_ADMIN_TOKEN when it has one. */
const adminToken = process.env.E2E_ADMIN_TOKEN;

test('a plan_updated event reloads the plans on the pricing page', async ({ page, request }) => {
  test.skip(!adminToken, 'E2E_ADMIN_TOKEN not set');
  await page.goto('/pricing');
  await page.getByRole('radio', { name: 'Monthly' }).click();
  const starter = page.getByTestId('plan-starter');
  await expect(starter.getByTestId('plan-price')).toBeVisible();
  const before = (await (await request.get('/api/auth/plans')).json()).data.find((plan: { name: string }) => plan.name === 'starter');
  const newPrice = before.pricing.monthly.amount + 1;
  const patch = await request.patch('/api/admin/plans/starter', {
    headers: { 'x-admin-token': adminToken ?? '' },
    data: { monthlyPrice: newPrice, displayName: 'Starter Plus' },
  });
  expect(patch.ok(), await patch.text()).toBe(true);
  try {
    // No reload: the socket event alone brings the new plan in.
    await expect(starter).toContainText('Starter Plus');
    await expect(starter.getByTestId('plan-price')).toHaveText(`$${newPrice}`);
  } finally {
    await request.patch('/api/admin/plans/starter', {
      headers: { 'x-admin-token': adminToken ?? '' },
      data: { monthlyPrice: before.pricing.monthly.amount, yearlyPrice: before.pricing.yearly.amount, displayName: before.displayName },
    });
  }
});
