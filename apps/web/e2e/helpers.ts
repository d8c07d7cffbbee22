import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AuthSession } from '@sound-studio/shared';

export const STRONG_PASSWORD = 'Harbour-Lights-42';

let counter = 0;
/** A fresh address for every registration: the server limits attempts per email. */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export interface Account {
  name: string;
  email: string;
  password: string;
}

export function newAccount(name = 'Ada Lovelace'): Account {
  return { name, email: uniqueEmail(), password: STRONG_PASSWORD };
}

/** Fills the registration form (English labels) without submitting. */
export async function fillRegistration(page: Page, account: Account) {
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  const terms = page.getByRole('checkbox');
  if ((await terms.getAttribute('aria-checked')) !== 'true') await terms.click();
}

/** Registers through the UI and waits for the signed-in shell. */
export async function register(page: Page, account = newAccount()): Promise<Account> {
  await page.goto('/register');
  await fillRegistration(page, account);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  return account;
}

/** An account registered through the API, with the session the register form would have stored. */
export interface SignedInAccount extends Account {
  session: AuthSession;
}

/**
 * Registers the way the register form does (anti-forgery token, then POST /api/auth/register) without a page: for
 * tests whose subject comes after signing up. The sign-up form itself is tested in auth.spec.ts.
 */
export async function registerThroughApi(request: APIRequestContext, account = newAccount()): Promise<SignedInAccount> {
  const csrf = await request.get('/api/auth/csrf-token');
  expect(csrf.ok(), await csrf.text()).toBe(true);
  const reply = await request.post('/api/auth/register', {
    headers: { 'X-CSRF-Token': (await csrf.json()).data.token },
    data: { name: account.name, email: account.email, password: account.password },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return { ...account, session: (await reply.json()).data as AuthSession };
}

/** The browser storage a registration leaves behind: the session in local storage, as the register form keeps it. */
export function signedInStorage(baseURL: string, session: AuthSession) {
  const localStorage = [
    { name: 'soundstudio_access_token', value: session.accessToken },
    { name: 'soundstudio_refresh_token', value: session.refreshToken },
    { name: 'soundstudio_user', value: JSON.stringify(session.user) },
  ];
  return { cookies: [], origins: [{ origin: new URL(baseURL).origin, localStorage }] };
}

/** Opens a page of the signed-in app and waits for the shell, as `register` leaves it. */
/**
 * Opens a signed-in page and waits for the app to draw it: the shell, and the page itself in place of the frame drawn
 * at build time (which carries the same labels and ids, and stays until the page below it is drawn).
 */
export async function openSignedIn(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.locator('[data-prerendered-layer]')).toHaveCount(0);
}

export async function login(page: Page, account: Account, { remember = false, path = '/login' } = {}) {
  await page.goto(path);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  if (remember) await page.getByRole('checkbox', { name: 'Remember me' }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

export async function logout(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The three auth keys in each storage. */
export async function storedAuth(page: Page) {
  return page.evaluate(() => {
    const keys = ['soundstudio_access_token', 'soundstudio_refresh_token', 'soundstudio_user'];
    return {
      local: keys.map((key) => localStorage.getItem(key)),
      session: keys.map((key) => sessionStorage.getItem(key)),
    };
  });
}
