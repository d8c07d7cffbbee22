import { expect } from '@playwright/test';
import { test } from './signed-in.ts';

/** Editing a plan needs the server's admin token; the runner passes it as E2E_ADMIN_TOKEN when it has one. */
const adminToken = process.env.E2E_ADMIN_TOKEN;

test('a plan_updated event reloads the plans on the pricing page', async ({ page, request, account }) => {
  test.skip(!adminToken, 'E2E_ADMIN_TOKEN not set');
  // socket.io's handshakes: a polling request without a session id opens a connection.
  const handshakes: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith('/socket.io') && !url.searchParams.has('sid')) handshakes.push(sent.url());
  });
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
    // The header's balance listens on the same connection as the plans: a grant reaches it too.
    const grant = await request.post('/api/admin/credits/grant', {
      headers: { 'x-admin-token': adminToken ?? '' },
      data: { email: account.email, amount: 2500, reason: 'E2E shared connection' },
    });
    expect(grant.ok(), await grant.text()).toBe(true);
    await expect(page.getByTestId('credits-button')).toContainText('12,500');
    expect(handshakes).toHaveLength(1);
  } finally {
    await request.patch('/api/admin/plans/starter', {
      headers: { 'x-admin-token': adminToken ?? '' },
      data: { monthlyPrice: before.pricing.monthly.amount, yearlyPrice: before.pricing.yearly.amount, displayName: before.displayName },
    });
  }
});
