import { expect, test } from '@playwright/test';
import { registerThroughApi } from './helpers.ts';

test('without JavaScript, /login and /tr/login already show the sign-in form, whose buttons are refused in sight until the app runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  // A checkbox only the app can tick, and switches only the app can act on, are refused in sight, not clicked in vain.
  await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeDisabled();
  await expect(page.getByTestId('language-toggle')).toBeDisabled();
  await expect(page.getByTestId('theme-toggle')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Show password' })).toBeDisabled();
  await expect(page.getByPlaceholder('you@example.com')).toBeVisible();
  await page.goto('/tr/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await expect(page.getByRole('heading', { name: 'Tekrar hoş geldiniz' })).toBeVisible();
  await context.close();
});

test('what a visitor types before the app has loaded is kept, caret and focus included, and the form then signs in', async ({ page, request }) => {
  const account = await registerThroughApi(request);
  // Hold the app's entry script back, as a slow connection would, while the drawn page is already on screen.
  let releaseScript: () => void = () => undefined;
  const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await scriptHeld;
    await route.continue();
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __spinnerSeen: seen });
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="page-spinner"]')) seen.push('spinner');
    }).observe(document, { childList: true, subtree: true });
  });
  // The held entry script holds the load event back: wait for the response only.
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.locator('[data-prerendered="en"]')).toBeVisible();
  await page.getByPlaceholder('you@example.com').fill(account.email);
  const password = page.getByPlaceholder('Your password');
  await password.fill(account.password.slice(0, -3));

  releaseScript();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  await expect(page.getByPlaceholder('you@example.com')).toHaveValue(account.email);
  await expect(password).toHaveValue(account.password.slice(0, -3));
  await expect(password).toBeFocused();
  // Typing goes on where it stopped.
  await page.keyboard.type(account.password.slice(-3));
  await expect(password).toHaveValue(account.password);
  // The app drew its form straight over the drawn one: no loading spinner in between.
  expect(await page.evaluate(() => (window as unknown as { __spinnerSeen: string[] }).__spinnerSeen)).toEqual([]);

  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
});
