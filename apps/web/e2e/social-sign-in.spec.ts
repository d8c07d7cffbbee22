import { expect, test } from '@playwright/test';
import { FakeOAuthProviders } from '../../server/test/oauth-provider.ts';
import { newAccount, registerThroughApi, uniqueEmail } from './helpers.ts';

let providers: FakeOAuthProviders;

test.beforeAll(async () => {
  // scripts/e2e.mjs started the server with GOOGLE_/GITHUB_ client ids and base URLs pointing at this port.
  providers = await FakeOAuthProviders.start(Number(process.env.E2E_OAUTH_PORT));
});

test.afterAll(async () => {
  await providers?.close();
});

test('a first Google sign-in creates the account and opens the studio; the next one signs the same person in', async ({ page }) => {
  const email = uniqueEmail('google');
  providers.googleAccount = { sub: `e2e-${email}`, email, emailVerified: true, name: 'Grace Hopper' };
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome, Grace', level: 1 })).toBeVisible();
  await expect(page.getByTestId('credits-button')).toContainText('10,000');

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Grace', level: 1 })).toBeVisible();
  await expect(page.getByTestId('credits-button')).toContainText('10,000');
});

test("GitHub with the email of an existing account links only after that account's password", async ({ page, playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const account = await registerThroughApi(request, newAccount('Ada Lovelace')).finally(() => request.dispose());
  providers.githubAccount = {
    id: 7_000_000 + Math.floor(Math.random() * 1_000_000),
    login: 'ada',
    name: 'Ada L.',
    emails: [{ email: account.email, primary: true, verified: true }],
  };
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
  await expect(page).toHaveURL(/\/login\/link-account$/);
  await expect(page.getByRole('heading', { name: 'Link your GitHub sign-in' })).toBeVisible();
  await expect(page.getByText(`An account for ${account.email} already exists.`)).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-99');
  await page.getByRole('button', { name: 'Link and sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');

  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Link and sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada', level: 1 })).toBeVisible();

  // Linked: the next GitHub sign-in needs no password.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('link', { name: 'Sign in with GitHub' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada', level: 1 })).toBeVisible();
});

test('refused consent returns to the sign-in page with a message, in Turkish too', async ({ page }) => {
  providers.googleAccount = 'deny';
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/login\?oauth_error=denied$/);
  await expect(page.getByRole('alert')).toContainText('Sign-in was cancelled');

  providers.githubAccount = 'deny';
  await page.goto('/tr/login');
  await page.getByRole('link', { name: 'GitHub ile giriş yap' }).click();
  await expect(page).toHaveURL(/\/tr\/login\?oauth_error=denied$/);
  await expect(page.getByRole('alert')).toContainText('Oturum açma iptal edildi');
});
