import { expect } from '@playwright/test';
import { openSignedIn } from './helpers.ts';
import { test } from './signed-in.ts';

/** Granting credits needs the server's admin token; the runner passes it as E2E_ADMIN_TOKEN. */
const adminToken = process.env.E2E_ADMIN_TOKEN;

test('the header balance follows ledger changes made elsewhere, without a reload', async ({ page, context, account, request }) => {
  test.skip(!adminToken, 'E2E_ADMIN_TOKEN not set');
  const otherTab = await context.newPage();
  await openSignedIn(page);
  await openSignedIn(otherTab);
  const balance = otherTab.getByTestId('credits-button');
  await expect(balance).toContainText('10,000');

  // An operator's grant (what `npm run admin -- credits grant` sends).
  const grant = await request.post('/api/admin/credits/grant', {
    headers: { 'x-admin-token': adminToken ?? '' },
    data: { email: account.email, amount: 2500, reason: 'E2E live balance' },
  });
  expect(grant.ok(), await grant.text()).toBe(true);
  await expect(balance).toContainText('12,500');
  await expect(page.getByTestId('credits-button')).toContainText('12,500');

  // A spend made outside this tab: speech generated with the same account's session from another client.
  const csrf = (await (await request.get('/api/auth/csrf-token')).json()).data.token as string;
  const spend = await request.post('/api/voices/generate-tts', {
    headers: { authorization: `Bearer ${account.session.accessToken}`, 'x-csrf-token': csrf },
    data: { text: 'Twelve characters.', voiceId: 'en-us-radiant-girl' },
  });
  expect(spend.ok(), await spend.text()).toBe(true);
  const charged = (await spend.json()).data.generation.credits as number;
  expect(charged).toBeGreaterThan(0);
  await expect(balance).toContainText((12_500 - charged).toLocaleString('en-US'));

  // The popover says what the credits paid for.
  await balance.click();
  await expect(otherTab.getByRole('dialog')).toContainText('Speech, 18 characters');
});
