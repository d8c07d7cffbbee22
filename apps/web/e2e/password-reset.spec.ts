import { expect, test } from '@playwright/test';
import { MailCatcher, resetLinkIn } from '../../server/test/mail-catcher.ts';
import { newAccount, openSignedIn, registerThroughApi, signedInStorage } from './helpers.ts';

const NEW_PASSWORD = 'Copper-Lantern-58#';

let mail: MailCatcher;

test.beforeAll(async () => {
  // scripts/e2e.mjs started the server with SMTP_URL pointing at this port.
  mail = await MailCatcher.start(Number(process.env.E2E_SMTP_PORT));
});

test.afterAll(async () => {
  await mail?.close();
});

test('a forgotten password is reset with the emailed link; the old sessions end', async ({ browser, baseURL }) => {
  const account = await registerThroughApi((await browser.newContext({ baseURL })).request, newAccount('Dr. Ada Lovelace'));
  // A browser still signed in with the old password.
  const oldDevice = await browser.newContext({ baseURL, storageState: signedInStorage(baseURL ?? '', account.session) });
  const oldPage = await oldDevice.newPage();
  await openSignedIn(oldPage);

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The router keeps the sign-in page (which has an Email field too) on screen until the new page's chunk has loaded.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${account.email}`);

  const message = await mail.nextMessageTo(account.email);
  expect(message.subject).toBe('Reset your Sound Studio password');
  const link = resetLinkIn(message);
  expect(link.origin).toBe(new URL(baseURL ?? '').origin);

  await page.goto(link.toString());
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been reset.');
  await page.getByRole('link', { name: 'Sign in' }).click();

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();

  // The browser signed in before the reset is signed out.
  await oldPage.reload();
  await expect(oldPage).toHaveURL(/\/login$/);

  // The link worked once.
  const reused = await context.newPage();
  await reused.goto(link.toString());
  await reused.getByLabel('New password', { exact: true }).fill('Another-Lantern-59#');
  await reused.getByLabel('Confirm password').fill('Another-Lantern-59#');
  await reused.getByRole('button', { name: 'Set new password' }).click();
  await expect(reused.getByRole('alert')).toContainText('invalid, has expired or was already used');
  await expect(reused.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  await Promise.all([context.close(), oldDevice.close()]);
});
