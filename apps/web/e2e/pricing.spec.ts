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

  // Choose plan first shows what the change does (the server's quote) and files nothing until confirmed.
  const quote = await page.evaluate(async () => {
    const token = localStorage.getItem('soundstudio_access_token');
    const reply = await fetch('/api/billing/checkout-quote?plan=starter&interval=monthly', { headers: { Authorization: `Bearer ${token}` } });
    return (await reply.json()).data as { amountDueCents: number; creditsNow: number; renewalCredits: number };
  });
  const count = (value: number) => new Intl.NumberFormat('en-US').format(value);
  const due = perMonth(quote.amountDueCents / 100);
  await starterCard.getByRole('button', { name: /Choose/ }).click();
  const dialog = page.getByTestId('plan-change-dialog');
  await expect(dialog.getByRole('heading', { name: 'Upgrade to Starter?' })).toBeVisible();
  await expect(dialog.getByTestId('plan-change-plan')).toHaveText('Starter, billed monthly');
  await expect(dialog.getByTestId('plan-change-price')).toHaveText(`${perMonth(starter.pricing.monthly.amount)} per month`);
  await expect(dialog.getByTestId('plan-change-due')).toHaveText(`${due} (prorated for the rest of this period)`);
  await expect(dialog.getByTestId('plan-change-credits-now')).toContainText(`+${count(quote.creditsNow)} credits as soon as the payment is confirmed`);
  await expect(dialog.getByTestId('plan-change-renewal')).toContainText(`${count(starter.credits.monthly)} credits every month`);
  await expect(dialog.getByTestId('plan-change-next')).toHaveText(`Your request goes to our team. The plan starts once your payment of ${due} is confirmed.`);
  await dialog.getByTestId('plan-change-cancel').click();
  await expect(dialog).toBeHidden();
  const pending = page.getByTestId('pending-change');
  await expect(pending).toHaveCount(0);
  const pendingNow = () =>
    page.evaluate(async () => {
      const token = localStorage.getItem('soundstudio_access_token');
      return (await (await fetch('/api/billing', { headers: { Authorization: `Bearer ${token}` } })).json()).data.pendingChange as unknown;
    });
  expect(await pendingNow()).toBeNull();

  // Under manual billing (the default) a confirmed choice becomes a request waiting for the operator, said in a toast;
  // withdrawing it is said too.
  await starterCard.getByRole('button', { name: /Choose/ }).click();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Request sent' })).toHaveText(
    `Request sent: Starter plan, billed monthly, ${due} due. Your plan changes once the payment is confirmed.`,
  );
  await expect(pending).toContainText('Waiting for confirmation');
  await expect(starterCard).toContainText('Awaiting confirmation');
  await pending.getByRole('button', { name: 'Cancel request' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'withdrawn' })).toHaveText('Your request for the Starter plan was withdrawn. Nothing was charged.');
  await expect(pending).toHaveCount(0);

  const firstQuestion = page.getByRole('button', { name: /What are credits/ });
  await firstQuestion.click();
  await expect(page.getByText(/1 credit per character/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', /^mailto:/);
});

test('pricing in Turkish: the change summary, the request and its withdrawal are said in Turkish', async ({ page }) => {
  await openSignedIn(page, '/tr/pricing');
  await page.getByRole('radio', { name: 'Aylık' }).click();
  await page.getByTestId('plan-starter').getByRole('button').click();
  const dialog = page.getByTestId('plan-change-dialog');
  await expect(dialog.getByRole('heading', { name: 'Starter planına yükseltilsin mi?' })).toBeVisible();
  await expect(dialog.getByTestId('plan-change-plan')).toHaveText('Starter, aylık faturalandırma');
  await expect(dialog.getByTestId('plan-change-next')).toContainText('Talebiniz ekibimize iletilir.');
  await dialog.getByRole('button', { name: 'Talebi gönder' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Talep gönderildi' })).toContainText('Starter planı, aylık faturalandırma');
  await page.getByTestId('pending-change-cancel').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'geri çekildi' })).toHaveText('Starter planı talebiniz geri çekildi. Ücret alınmadı.');
  await expect(page.getByTestId('pending-change')).toHaveCount(0);
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
