import { expect, test } from '@playwright/test';
import { fillRegistration, login, logout, newAccount, openSignedIn, registerThroughApi, storedAuth } from './helpers.ts';
import { test as signedInTest } from './signed-in.ts';

test('a protected page sends visitors to /login and back to it after registering', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);

  // Errors first: every field's message on an empty submit...
  await page.getByRole('button', { name: 'Create account' }).click();
  for (const message of [
    'Name is required',
    'Email is required',
    'Password is required',
    'Please confirm your password',
    'You must accept the Terms of Service and Privacy Policy',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  // ...then while typing...
  await page.getByLabel('Password', { exact: true }).fill('short');
  await expect(page.getByText('Password must be at least 12 characters long')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('password-Strong-1');
  await expect(page.getByText('Password is too weak. Please choose a stronger password.')).toBeVisible();

  // ...then fixed.
  const account = newAccount();
  await fillRegistration(page, account);
  await expect(page.locator('[data-field-error]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  // Registration always keeps the session in local storage.
  const stored = await storedAuth(page);
  expect(stored.local.every(Boolean)).toBe(true);
  expect(stored.session.every((value) => value === null)).toBe(true);
});

test('registration shows the server error for a taken email, then succeeds once fixed', async ({ page }) => {
  const account = await registerThroughApi(page.request);
  await page.goto('/register');
  await fillRegistration(page, { ...account, name: 'Someone Else' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Registration failed. Email might already exist.');
  await page.getByLabel('Email').fill(newAccount().email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // A new account is welcomed, not welcomed back.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Someone');
});

test('login with remember-me keeps tokens in local storage, without it in session storage', async ({ page }) => {
  const account = await registerThroughApi(page.request);
  await login(page, account, { remember: true });
  let stored = await storedAuth(page);
  expect(stored.local.every(Boolean)).toBe(true);
  expect(stored.session.every((value) => value === null)).toBe(true);
  // The session survives a reload.
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await logout(page);

  // The remembered email is prefilled; turning remember-me off moves the session to this tab only.
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await page.getByRole('checkbox', { name: 'Remember me' }).click();
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  stored = await storedAuth(page);
  expect(stored.session.every(Boolean)).toBe(true);
  expect(stored.local.every((value) => value === null)).toBe(true);
});

test('a wrong password shows the server message', async ({ page }) => {
  const account = await registerThroughApi(page.request);
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
});

signedInTest('logout calls the server, clears storage and lands on /login', async ({ page }) => {
  await openSignedIn(page);
  const logoutCall = page.waitForRequest((request) => request.url().endsWith('/api/auth/logout') && request.method() === 'POST');
  await logout(page);
  await logoutCall;
  const stored = await storedAuth(page);
  expect([...stored.local, ...stored.session].every((value) => value === null)).toBe(true);
  await page.goto('/pricing');
  await expect(page).toHaveURL(/\/login$/);
});

signedInTest('signed-in users visiting /login go home', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
});

test('failed logins count down the remaining attempts, then the rate limit speaks', async ({ page }) => {
  const account = await registerThroughApi(page.request);
  await page.goto('/login');
  const attempt = async () => {
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('definitely-wrong');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    const text = (await alert.textContent()) ?? '';
    // Wait for the reply of this attempt before the next one.
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
    return text;
  };
  const messages: string[] = [];
  for (let index = 0; index < 6; index += 1) messages.push(await attempt());
  expect(messages[0]).toBe('Invalid email or password');
  expect(messages).toContain('Invalid email or password (2 attempts remaining)');
  expect(messages.at(-1)).toBe('Too many login attempts. Please try again in 15 minutes.');
});
